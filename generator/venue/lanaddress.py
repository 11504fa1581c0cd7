"""The address to give the players, found without the internet: connecting a UDP socket sends
nothing but makes the system choose the interface (and so the address) it would route through;
where no route exists, the machine's own name is looked up. And the QR code of it for a terminal.
"""
from __future__ import annotations

import ipaddress
import socket

import segno

# Connecting a UDP socket to these sends nothing; it only asks which address would be used.
# The first is a documentation address (RFC 5737) that only a default route reaches; the
# others reach a private network that has a route but no default one (a venue's router without
# internet, or this machine's own hotspot).
ROUTE_PROBES = ("192.0.2.1", "10.255.255.254", "172.31.255.254", "192.168.255.254")


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, found without the internet; None when
    it has no address but loopback."""
    found = [address for address in _routed_addresses() if _reachable(address)]
    if not found:  # names are looked up only now: without /etc/hosts or mDNS, that waits on DNS
        found = [address for address in _named_addresses() if _reachable(address)]
    ordinary = [address for address in found if not ipaddress.ip_address(address).is_link_local]
    return (ordinary or found or [None])[0]


def _routed_addresses() -> list[str]:
    addresses = []
    for probe in ROUTE_PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
                addresses.append(udp.getsockname()[0])
            except OSError:  # no route to it
                continue
    return addresses


def _named_addresses() -> list[str]:
    """The addresses the machine's own name resolves to (from /etc/hosts, mDNS, or the system)."""
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def terminal_qr(url: str, on_terminal: bool) -> str:
    """A QR code of ``url`` in text, two rows of modules per line (Unicode half blocks).

    On a terminal the colours are set (light modules white, dark ones black), so it scans on a
    dark or a light theme alike; written to a file, to be printed, dark modules are the ink."""
    code = segno.make_qr(url, error="m")  # never a Micro QR: phones' cameras do not read those
    rows = [[bool(dark) for dark in row] for row in code.matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    ink = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    if on_terminal:  # the characters draw the light modules, in white on black
        rows = [[not dark for dark in row] for row in rows]
    lines = ["".join(ink[pair] for pair in zip(top, bottom)) for top, bottom in zip(rows[::2], rows[1::2])]
    if on_terminal:
        lines = [f"\x1b[97;40m{line}\x1b[0m" for line in lines]
    return "\n".join(lines)
