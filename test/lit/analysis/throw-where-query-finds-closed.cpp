// A function that throws where a query finds the object it was given, or
// its member, closed (`if (!out_.is_open()) throw ...;`) fails because it
// is: calling it after closing the object is a use after close, told at
// the call with the query as the use. Where the caller reopened it, or
// checked it open first, the call is fine; a function that returns an
// error there instead of throwing is not taken for one.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <stdexcept>
#include <string>

class AshBook {
public:
  explicit AshBook(const std::string &path) : out_(path, std::ios::app) {}
  void record(const std::string &entry) {
    if (!out_.is_open())
      throw std::runtime_error("ash book closed");
    out_ << entry << '\n';
  }
  bool tryRecord(const std::string &entry) {
    if (!out_.is_open())
      return false;
    out_ << entry << '\n';
    return true;
  }
  void reopen(const std::string &path) { out_.open(path, std::ios::app); }
  bool isOpen() const { return out_.is_open(); }
  void close() {
    if (out_.is_open())
      out_.close();
  }

private:
  std::ofstream out_;
};

void emitLine(std::ofstream &out, const std::string &line) {
  if (!out.is_open())
    throw std::runtime_error("report closed");
  out << line << '\n';
}

void vigil(AshBook &book) {
  book.close();
  book.record("vigil ended");
  // CHECK: :[[@LINE-1]]:8: warning: call to 'record' uses 'book.out_' that may have been closed
}

void report(std::ofstream &out) {
  out.close();
  emitLine(out, "total");
  // CHECK: :[[@LINE-1]]:3: warning: call to 'emitLine' uses 'out' after it was closed
}

void morning(AshBook &book) {
  book.close();
  book.reopen("/var/ash.log");
  book.record("kindled");
  if (book.isOpen())
    book.record("three coils");
}

void quiet(AshBook &book, std::ofstream &out) {
  book.close();
  book.tryRecord("late");
  out.close();
  if (out.is_open())
    emitLine(out, "late");
}
