// A close that swaps the state in and tests what it replaced
// (`const State previous = state_.exchange(State::Closed); if (previous ==
// State::Closed) throw ...`) refuses to run twice: a second close is a
// double close. A helper that closes only where its query found the object
// open never closes it twice, also on the exception edge of that close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>

class AtomicLink {
public:
  enum class State { Open, Closed };
  void send(const std::string &) {
    if (state_.load() != State::Open)
      throw std::logic_error("link closed");
  }
  void close() {
    const State previous = state_.exchange(State::Closed);
    if (previous == State::Closed)
      throw std::logic_error("link closed twice");
  }
  bool isOpen() const { return state_.load() == State::Open; }

private:
  std::atomic<State> state_{State::Open};
};

// LIST: AtomicLink: closed when 'state_' is not Open
// LIST-NEXT: close close() {{.*}}throws "link closed twice" when 'state_' is Closed

void closeIfOpen(const std::shared_ptr<AtomicLink> &L) {
  if (L->isOpen())
    L->close();
}

void twice(AtomicLink &L) {
  L.close();
  L.close();
  // CHECK: [[@LINE-1]]:5: warning: 'close' closes 'L' a second time [errlint-double-close]
}

void guardedInCallee(std::shared_ptr<AtomicLink> L) {
  L->close();
  closeIfOpen(L);
}
