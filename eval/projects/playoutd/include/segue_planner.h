// SeguePlanner: decides which deck takes the next item and keeps every deck
// preloaded. Driven from the automation loop, the same thread that stops decks.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

class PlayoutDeck;

class SeguePlanner {
public:
  explicit SeguePlanner(std::vector<PlayoutDeck *> decks);
  bool advance(const std::string &item);
  void prerollAll(const std::vector<std::string> &items);

private:
  std::vector<PlayoutDeck *> decks_;
  std::size_t next_ = 0;
};
