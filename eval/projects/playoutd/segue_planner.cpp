// SeguePlanner: round-robins items across the playout decks, skipping decks
// that are closed, and preloads every deck ahead of the hour. It runs on the
// automation thread, which is also the only thread that stops decks.
#include "segue_planner.h"
#include "playout_deck.h"

#include <utility>

SeguePlanner::SeguePlanner(std::vector<PlayoutDeck *> decks)
    : decks_(std::move(decks)) {}

bool SeguePlanner::advance(const std::string &item) {
  for (std::size_t tries = 0; tries < decks_.size(); ++tries) {
    PlayoutDeck *deck = decks_[next_++ % decks_.size()];
    if (deck->state() == PlayoutDeck::State::Closed)
      continue;
    deck->cue(item); // OK: closed decks are skipped above
    deck->play(); // OK: same deck, still open
    return true;
  }
  return false;
}

void SeguePlanner::prerollAll(const std::vector<std::string> &items) {
  for (std::size_t i = 0; i < decks_.size() && i < items.size(); ++i)
    decks_[i]->cue(items[i]); // SAME: preroll
}
