"""Billing: totals and refunds."""


def total(items: list[float]) -> float:
    """Sum of item prices."""
    return round(sum(items), 2)


def refund(amount: float, fee: float = 0.0) -> float:
    """What the customer gets back."""
    return max(amount - fee, 0.0)
