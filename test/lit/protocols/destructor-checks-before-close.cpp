// A class whose close() throws when called twice and whose destructor
// closes only when `isOpen()` says so (a query that reads the state under
// the class's own lock): an object closed and then handed by value to a
// helper that only lets it go is not closed again there. One handed to a
// helper that closes it itself is: the finding is that helper's close,
// reported at the call, not the destructor's guarded one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <memory>
#include <mutex>
#include <stdexcept>

class Journal {
public:
  ~Journal();
  void close();
  bool isOpen() const;
  void note(const char *text);

private:
  enum class State { Unopened, Open, Closed };
  mutable std::mutex mutex_;
  State state_ = State::Open;
  FILE *segment_ = nullptr;
};

Journal::~Journal() {
  if (isOpen())
    close();
}

void Journal::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ == State::Closed)
    throw std::logic_error("journal already closed");
  if (segment_) {
    std::fclose(segment_);
    segment_ = nullptr;
  }
  state_ = State::Closed;
}

bool Journal::isOpen() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_ == State::Open;
}

void Journal::note(const char *text) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (state_ != State::Open)
    throw std::logic_error("journal not open");
  std::fputs(text, segment_);
}

void letGo(std::unique_ptr<Journal> journal) { (void)journal; }

void retire(std::unique_ptr<Journal> journal) { journal->close(); }

void swapQuietly(std::unique_ptr<Journal> old) {
  if (old->isOpen())
    old->close();
  letGo(std::move(old));
}

void swapAndRetire(std::unique_ptr<Journal> old) {
  if (old->isOpen())
    old->close();
  retire(std::move(old));
  // CHECK: destructor-checks-before-close.cpp:[[@LINE-1]]:3: warning: 'retire' closes 'old' that may already have been closed
  // CHECK: note: 'old' was first closed here
  // CHECK: note: 'retire' closes it again here
}
