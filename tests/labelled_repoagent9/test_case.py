class BankAccount:
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit(self, amount):
        if amount > 0:
            self.balance += amount
            print(f"Deposit of {amount} made. New balance: {self.balance}")
        else:
            print("Deposit amount must be positive")

    def withdraw(self, amount):
        if 0 < amount <= self.balance:
            self.balance -= amount
            print(f"Withdrawal of {amount} made. New balance: {self.balance}")
            return True
        else:
            print("Insufficient funds or invalid amount")
            return False

    def get_balance(self) -> float:
        return self.balance

    def display_account_info(self):
        print(f"Owner: {self.owner}")
        print(f"Balance: {self.balance}")
