class hidden_two { }
