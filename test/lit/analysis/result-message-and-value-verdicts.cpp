// Result classes that say success through what a string or an optional
// holds: `Status` whose `ok()` is `msg_.empty()` (failures carry a
// message), `Result<T>` whose `operator bool` is `value_.has_value()`; and
// an error code cleared with `ec.clear()`. A helper that closes only where
// it returns the failure leaves the object open where the caller's test
// found success; a caller that goes on after a failure uses it closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

class PenRadio {
public:
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("radio closed");
    last_ = cmd;
  }
  bool drop(int grams) { return grams < 500; }
  int frame() { return last_.size() % 3 ? 4 : 2; }
  void close() {
    if (closed_)
      throw std::runtime_error("radio closed twice");
    closed_ = true;
  }

private:
  bool closed_ = false;
  std::string last_;
};

class PenStatus {
public:
  static PenStatus fine() { return PenStatus(""); }
  static PenStatus failed(std::string m) { return PenStatus(std::move(m)); }
  bool ok() const { return msg_.empty(); }

private:
  explicit PenStatus(std::string m) : msg_(std::move(m)) {}
  std::string msg_;
};

template <typename T> class PenResult {
public:
  static PenResult of(T v) {
    PenResult r;
    r.value_ = std::move(v);
    return r;
  }
  static PenResult fail(std::string e) {
    PenResult r;
    r.error_ = std::move(e);
    return r;
  }
  explicit operator bool() const { return value_.has_value(); }

private:
  std::optional<T> value_;
  std::string error_;
};

static PenStatus pushDrop(PenRadio &r, int g) {
  if (!r.drop(g)) {
    r.close();
    return PenStatus::failed("hopper rejected drop of " + std::to_string(g) + "g");
  }
  return PenStatus::fine();
}

static PenResult<int> readFrame(PenRadio &r) {
  int n = r.frame();
  if (n != 4) {
    r.close();
    return PenResult<int>::fail("frame checksum mismatch");
  }
  return PenResult<int>::of(n);
}

static void pour(PenRadio &r, int ml, std::error_code &ec) {
  if (ml > 200) {
    r.close();
    ec = std::make_error_code(std::errc::io_error);
    return;
  }
  ec.clear();
}

void morningRound(PenRadio &r) {
  PenStatus st = pushDrop(r, 250);
  if (!st.ok())
    return;
  r.send("DONE");
}

void decant(PenRadio &r) {
  PenResult<int> f = readFrame(r);
  if (!f)
    return;
  r.send("TILT");
}

void rinse(PenRadio &r, int ml) {
  std::error_code ec;
  pour(r, ml, ec);
  if (ec)
    return;
  r.send("RINSE");
}

void topUp(PenRadio &r) {
  PenStatus st = pushDrop(r, 250);
  r.send("LIGHTS OFF");
  // CHECK: :[[@LINE-1]]:5: warning: call to 'send' on 'r' that may have been closed
}

void quickCheck(PenRadio &r) {
  PenResult<int> f = readFrame(r);
  r.send("LAMP ON");
  // CHECK: :[[@LINE-1]]:5: warning: call to 'send' on 'r' that may have been closed
}
