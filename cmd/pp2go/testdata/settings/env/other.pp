notify { 'other': }
