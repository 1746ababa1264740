// PlayoutDeck: one playout channel. The automation thread cues, plays and
// stops; the audio clock thread calls segueTick() for every block. All state
// is under mu_, and segueTick() only writes while the deck is OnAir.
#include "playout_deck.h"

#include <stdexcept>
#include <unistd.h>
#include <utility>

PlayoutDeck::PlayoutDeck(std::string name, int outFd)
    : name_(std::move(name)), out_(outFd) {}

PlayoutDeck::~PlayoutDeck() {
  stop(); // OK: stop() returns once the deck is Closed
}

void PlayoutDeck::cue(const std::string &item) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    throw std::runtime_error("deck " + name_ + " closed, cannot cue " + item);
  item_ = item;
  state_ = State::Cued;
}

void PlayoutDeck::play() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    throw std::runtime_error("deck " + name_ + " closed");
  if (state_ != State::Cued)
    return;
  state_ = State::OnAir;
}

void PlayoutDeck::segueTick(const std::vector<int16_t> &block) {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ != State::OnAir)
    return;
  if (::write(out_, block.data(), block.size() * sizeof(int16_t)) < 0) // OK: state_ is checked under the same lock stop() takes
    state_ = State::Idle;
}

void PlayoutDeck::stop() {
  std::lock_guard<std::mutex> lock(mu_);
  if (state_ == State::Closed)
    return;
  state_ = State::Closed;
  if (out_ >= 0)
    ::close(std::exchange(out_, -1));
}

bool PlayoutDeck::running() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_ != State::Closed;
}

PlayoutDeck::State PlayoutDeck::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}
