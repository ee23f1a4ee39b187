define regress::thing {
}
