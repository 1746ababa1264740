// Wine bar decanting station: a DecantLink (a descriptor to the pouring arm)
// and a cork-moisture sensor read through it. read_cork() releases the link
// when the sensor frame fails its checksum and returns an error Result;
// pour() releases it when the arm reports a drip and sets the error_code.
// Callers that return on the error are correct. flight_of_three() logs the
// pour error and keeps pouring the next glass through the released link;
// quick_check() takes the cork reading's fallback value and carries on.
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

class DecantLink {
 public:
  explicit DecantLink(int fd) : fd_(fd) {}
  void send(const std::string& cmd) {
    if (fd_ < 0) throw std::runtime_error("decant link released");
    if (::write(fd_, cmd.data(), cmd.size()) < 0) throw std::system_error(errno, std::generic_category(), "write");
  }
  int read_frame(unsigned char* buf, int n) {
    if (fd_ < 0) throw std::runtime_error("decant link released");
    return static_cast<int>(::read(fd_, buf, static_cast<size_t>(n)));
  }
  void release() {
    if (fd_ < 0) throw std::runtime_error("decant link released twice");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

template <typename T>
class Result {
 public:
  static Result ok(T v) { Result r; r.value_ = std::move(v); return r; }
  static Result fail(std::string e) { Result r; r.error_ = std::move(e); return r; }
  explicit operator bool() const { return value_.has_value(); }
  const T& value() const { return *value_; }
  T value_or(T fallback) const { return value_ ? *value_ : fallback; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

static Result<int> read_cork(DecantLink& link) {
  unsigned char frame[4] = {0, 0, 0, 0};
  link.send("CORK?");
  int n = link.read_frame(frame, 4);
  if (n != 4 || static_cast<unsigned char>(frame[0] ^ frame[1] ^ frame[2]) != frame[3]) {
    link.release();
    return Result<int>::fail("cork frame checksum mismatch");
  }
  return Result<int>::ok(frame[1]);
}

static void pour(DecantLink& link, int ml, std::error_code& ec) {
  link.send("POUR " + std::to_string(ml));  // SAME: flight
  unsigned char status = 0;
  if (link.read_frame(&status, 1) != 1 || status == 'D') {
    link.release();
    ec = std::make_error_code(std::errc::io_error);
    return;
  }
  ec.clear();
}

std::string decant(DecantLink& link, int ml) {
  Result<int> cork = read_cork(link);
  if (!cork) return cork.error();
  link.send("TILT 15");  // OK: read_cork() only releases on the error path, which returned
  std::error_code ec;
  pour(link, ml, ec);
  if (ec) return "drip during pour";
  link.send("RINSE");  // OK: pour() succeeded
  return "decanted, cork moisture " + std::to_string(cork.value());
}

void flight_of_three(DecantLink& link, std::vector<std::string>& log) {
  const int glasses[] = {50, 50, 50};
  for (int ml : glasses) {
    std::error_code ec;
    pour(link, ml, ec);  // BUG: use-after-close #flight
    if (ec) log.push_back("pour failed: " + ec.message());
  }
}

int quick_check(DecantLink& link) {
  int moisture = read_cork(link).value_or(-1);
  link.send("LAMP ON");  // BUG: use-after-close
  return moisture;
}
