class hidden_one { }
