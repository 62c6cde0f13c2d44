"""The toy game: the smallest game the core hosts (issue 26.4, ``docs/adding-a-game.md``).

Its rules, cited by its code and tests as ``TOY §n``:

- **§1 Deal.** Three players; a deck of nine cards, three suits (S, H, D) of three ranks
  (J < Q < K); three cards each. The dealer moves one seat clockwise each deal; the seat
  left of the dealer leads the first trick.
- **§2 Play.** Three tricks. Each player must follow the suit led if he can; the highest
  card of the suit led takes the trick, and its taker leads the next.
- **§3 Score.** A point a trick; the last trick scores the ruleset's ``last_trick`` more
  (a club may change it). A series is the ruleset's ``deals`` deals; the totals win.
"""
