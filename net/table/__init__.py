"""The sans-I/O table: one table's rules, seats, pacing, clock, take-backs, memory and chat —
inputs in, one ``Output`` out. Nothing here opens a socket, starts a task or imports a door."""
