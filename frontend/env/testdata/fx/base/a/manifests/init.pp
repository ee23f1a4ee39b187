class a { notice("base") }
