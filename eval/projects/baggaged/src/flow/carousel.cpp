// MakeupCarousel: one make-up carousel while it serves a flight. Bags are
// accepted only while it is open; a reported jam makes the next load fail
// with CarouselJam.
#include "carousel.h"

MakeupCarousel::MakeupCarousel(std::string flight, int number) : flight_(std::move(flight)), number_(number) {}

void MakeupCarousel::open() {
  if (state_ == State::Closed) throw std::logic_error("carousel " + std::to_string(number_) + " closed for " + flight_);
  state_ = State::Open;
}

void MakeupCarousel::loadBag(const std::string& tag) {
  if (state_ != State::Open) throw std::runtime_error("carousel " + std::to_string(number_) + " not open for " + flight_);
  if (jammed_) throw CarouselJam("carousel " + std::to_string(number_) + " jammed");
  bags_.push_back(tag);
}

void MakeupCarousel::reportJam() { jammed_ = true; }

void MakeupCarousel::close() {
  if (state_ == State::Closed) throw std::logic_error("carousel " + std::to_string(number_) + " already closed for " + flight_);
  state_ = State::Closed;
}

bool MakeupCarousel::isClosed() const { return state_ == State::Closed; }

std::vector<std::string> MakeupCarousel::takeBags() {
  std::vector<std::string> out;
  out.swap(bags_);
  return out;
}

std::size_t MakeupCarousel::bagCount() const { return bags_.size(); }

const std::string& MakeupCarousel::flight() const { return flight_; }

int MakeupCarousel::number() const { return number_; }
