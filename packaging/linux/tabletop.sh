#!/bin/sh
# /usr/bin/tabletop: start the frozen Tabletop app installed in /opt/tabletop.
exec /opt/tabletop/tabletop "$@"
