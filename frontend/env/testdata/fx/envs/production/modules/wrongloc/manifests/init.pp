class notwrongloc { }
