// MakeupCarousel: the make-up carousel where the bags of one flight are
// loaded into containers. Once closed for the flight it refuses bags.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

class CarouselJam : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class MakeupCarousel {
 public:
  enum class State { Idle, Open, Closed };

  MakeupCarousel(std::string flight, int number);
  void open();
  void loadBag(const std::string& tag);   // throws std::runtime_error unless open, CarouselJam when jammed
  void reportJam();
  void close();                           // throws std::logic_error when already closed
  bool isClosed() const;
  std::vector<std::string> takeBags();    // manifest of the bags on the carousel, any state
  std::size_t bagCount() const;
  const std::string& flight() const;
  int number() const;

 private:
  std::string flight_;
  int number_;
  State state_ = State::Idle;
  bool jammed_ = false;
  std::vector<std::string> bags_;
};
