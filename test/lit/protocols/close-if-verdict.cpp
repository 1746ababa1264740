// A close that runs only before returning a failing result (`state_ =
// State::Closed; return Status::ioError(...);`, `return st;` under `if
// (st.failed())`, or a call of close() before `return
// Result::failure(...)`) leaves the object closed only where the caller's
// test of that result, through whichever query of its class (`ok()`,
// `failed()`, a stored flag), finds it failed. A caller that goes on
// regardless may use a closed object.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

enum class Code { Ok, IoError, Closed };

class Status {
public:
  Status() = default;
  static Status success() { return Status(); }
  static Status ioError(const std::string &what, int err) {
    return Status(Code::IoError, err, what);
  }
  bool ok() const { return code_ == Code::Ok && errno_ == 0; }
  bool failed() const { return code_ != Code::Ok || errno_ != 0; }

private:
  Status(Code c, int e, std::string m) : code_(c), errno_(e), msg_(std::move(m)) {}
  Code code_ = Code::Ok;
  int errno_ = 0;
  std::string msg_;
};

class Journal {
public:
  enum class State { Open, Closed };
  void note(const std::string &s) {
    if (state_ == State::Closed)
      throw std::runtime_error("journal closed: cannot note");
    std::fputs(s.c_str(), f_);
  }
  Status openSegment(const std::string &day);
  Status rotate(const std::string &day) {
    if (state_ == State::Closed)
      throw std::runtime_error("journal closed: cannot rotate");
    const bool synced = std::fflush(f_) == 0;
    std::fclose(f_);
    f_ = nullptr;
    if (!synced) {
      state_ = State::Closed;
      return Status::ioError("sync", 5);
    }
    Status st = openSegment(day);
    if (st.failed()) {
      state_ = State::Closed;
      return st;
    }
    return Status::success();
  }

private:
  std::FILE *f_ = nullptr;
  State state_ = State::Open;
};

std::string rotateFromConsole(Journal &j) {
  Status st = j.rotate("today");
  if (st.failed())
    return "rotation failed";
  j.note("rotated");
  return "ok";
}

std::string rotateChecked(Journal &j) {
  Status st = j.rotate("today");
  if (!st.ok())
    return "rotation failed";
  j.note("rotated");
  return "ok";
}

void rotateStored(Journal &j) {
  Status st = j.rotate("today");
  const bool fine = st.ok();
  if (!fine)
    return;
  j.note("rotated");
}

void rotateIgnored(Journal &j) {
  j.rotate("today");
  j.note("rotated");
  // CHECK: close-if-verdict.cpp:[[@LINE-1]]:5: warning: call to 'note' on 'j' that may have been closed
}

void rotateFailedBranch(Journal &j) {
  Status st = j.rotate("today");
  if (st.failed())
    j.note("rotation failed");
  // CHECK: close-if-verdict.cpp:[[@LINE-1]]:7: warning: call to 'note' on 'j' after it was closed
}

class Result {
public:
  static Result success() { return Result(); }
  static Result failure(std::string m) {
    Result r;
    r.ok_ = false;
    r.error_ = std::move(m);
    return r;
  }
  explicit operator bool() const { return ok_; }
  bool ok() const { return ok_; }

private:
  Result() = default;
  bool ok_ = true;
  std::string error_;
};

class Session {
public:
  Result authenticate(const std::string &token) {
    requireOpen("authenticate");
    if (token.empty()) {
      close();
      return Result::failure("rejected");
    }
    return Result::success();
  }
  Result charge(int cents) {
    requireOpen("charge");
    return cents > 0 ? Result::success() : Result::failure("bad amount");
  }
  void close() {
    if (state_ == State::Closed)
      throw std::logic_error("session closed twice");
    state_ = State::Closed;
  }

private:
  void requireOpen(const char *what) const {
    if (state_ == State::Closed)
      throw std::logic_error(std::string("session closed: ") + what);
  }
  enum class State { Open, Closed } state_ = State::Open;
};

Result chargeAfterLogin(Session &s, const std::string &token) {
  Result r = s.authenticate(token);
  if (!r)
    return r;
  return s.charge(100);
}

Result chargeAfterReassignedLogin(Session &s, const std::string &token) {
  Result r = Result::success();
  r = s.authenticate(token);
  if (!r.ok())
    return r;
  return s.charge(100);
}

void chargeRegardless(Session &s, const std::string &token) {
  Result r = s.authenticate(token);
  if (!r.ok())
    std::fputs("login failed, charging anyway\n", stderr);
  s.charge(100);
  // CHECK: close-if-verdict.cpp:[[@LINE-1]]:5: warning: call to 'charge' on 's' that may have been closed
}
