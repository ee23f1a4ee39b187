#!/bin/sh
echo "  v-$(echo 42)  "
