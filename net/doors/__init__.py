"""The doors: the host that listens and pumps the table, who may knock (the gate), the LAN
(zeroconf), and the ways in for friends with only ``ssh`` or a browser."""
