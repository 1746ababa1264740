// A close that throws when the object is already closed makes a second
// close a double close, for a class errlint infers the protocol of; a close
// that returns early (idempotent) or reports an error value does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <cstdio>
#include <stdexcept>
#include <string>

class Journal {
public:
  void append(const std::string &entry) {
    if (closed_)
      throw std::runtime_error("journal is closed");
    last_ = entry;
  }
  void close() {
    if (closed_)
      throw std::logic_error("journal already closed");
    closed_ = true;
  }

private:
  std::string last_;
  bool closed_ = false;
};

// LIST: Journal: closed when 'closed_' is set (rule use-after-close)
// LIST-NEXT: close   close()  {{.*}}close-twice.cpp:20: sets 'closed_' to true; {{.*}}close-twice.cpp:19: throws "journal already closed" when 'closed_' is set

void closeTwice(Journal &j) {
  j.append("COMMIT");
  j.close();
  j.close();
  // CHECK: close-twice.cpp:[[@LINE-1]]:5: warning: 'close' closes 'j' a second time [errlint-double-close]
  // CHECK: close-twice.cpp:[[@LINE-3]]:5: note: 'j' was first closed here
  // CHECK: close-twice.cpp:19:7: note: 'Journal::close' throws "journal already closed" when 'closed_' is set
  // CHECK: note: errlint inferred the protocol of 'Journal': 'close()' closes it ('closed_' is set), 'append()' fail once it is closed, 'close()' throws when called again
}

void closeOnce(Journal &j, bool done) {
  if (done)
    return;
  j.close();
}

// Idempotent: a second close returns early.
class Session {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("session closed");
    last_ = m;
  }
  void close() {
    if (closed_)
      return;
    closed_ = true;
  }

private:
  std::string last_;
  bool closed_ = false;
};

void closeSessionTwice(Session &s) {
  s.close();
  s.close();
}

// A second close reports an error value: the caller may check it.
class Spool {
public:
  bool write(const std::string &m) {
    if (closed_)
      return false;
    last_ = m;
    return true;
  }
  bool close() {
    if (closed_)
      return false;
    closed_ = true;
    return true;
  }

private:
  std::string last_;
  bool closed_ = false;
};

void closeSpoolTwice(Spool &s) {
  s.close();
  s.close();
}
