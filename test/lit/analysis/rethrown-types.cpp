// A helper that closes in `catch (const std::exception &)` and rethrows,
// after an earlier `catch (const std::invalid_argument &)` that rethrows
// without closing, leaves the object closed only for exceptions that are
// not invalid_argument: the caller's invalid_argument handler meets it
// open, its std::exception (or runtime_error) handler closed. A throw of a
// known class after a close reaches only the handlers of that class.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

class BatchSink {
public:
  void send(const std::string &M) {
    if (closed_)
      throw std::logic_error("sink closed");
    if (M.empty())
      throw std::invalid_argument("empty row");
    if (M.size() > 4096)
      throw std::runtime_error("broker rejected the row");
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

void publishRows(BatchSink &S, const std::vector<std::string> &Rows) {
  try {
    for (const std::string &R : Rows)
      S.send(R);
  } catch (const std::invalid_argument &) {
    throw;
  } catch (const std::exception &) {
    S.close();
    throw;
  }
}

void batches(BatchSink &S, const std::vector<std::vector<std::string>> &All) {
  for (const auto &Rows : All) {
    try {
      publishRows(S, Rows);
    } catch (const std::invalid_argument &) {
      S.send("dead-letter");
    } catch (const std::runtime_error &) {
      S.send("broker error");
      // CHECK: [[@LINE-1]]:9: warning: call to 'send' on 'S' that may have been closed [errlint-use-after-close]
      return;
    }
  }
}

void anyError(BatchSink &S, const std::vector<std::string> &Rows) {
  try {
    publishRows(S, Rows);
  } catch (...) {
    S.send("failed");
    // CHECK: [[@LINE-1]]:7: warning: call to 'send' on 'S' that may have been closed [errlint-use-after-close]
  }
}
