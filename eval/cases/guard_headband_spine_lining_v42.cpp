// Casing-in line of a book bindery: a station glues the spine lining and
// headbands onto each book block, pulsing a hot-melt gluer over a serial fd,
// tallying blocks in a shift file and publishing events to Kafka. Book blocks
// come from a signature feeder that reads the job ticket and closes it at the
// end. Correct: every use sits behind the guard its owner keeps up to date
// (closed_ checked under the same mutex stop() holds, fd reset by
// std::exchange, FILE* nulled after fclose, the feeder's closed() re-checked
// by the loop, operator bool).
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>
#include <utility>

#include "messaging.h"

struct BookBlock {
  std::string isbn;
  int spineMm;
};

class SignatureFeeder {
public:
  explicit SignatureFeeder(const char *ticketPath) : fp_(std::fopen(ticketPath, "r")) {}
  ~SignatureFeeder() {
    if (fp_)
      std::fclose(fp_);
  }
  explicit operator bool() const { return fp_ != nullptr; }
  bool closed() const { return fp_ == nullptr; }

  std::optional<BookBlock> next() {
    char isbn[32];
    int spine = 0;
    if (std::fscanf(fp_, "%31s %d", isbn, &spine) != 2) {
      std::fclose(fp_);
      fp_ = nullptr;
      return std::nullopt;
    }
    return BookBlock{isbn, spine};
  }

private:
  FILE *fp_;
};

class CasingInStation {
public:
  CasingInStation(int gluerFd, FILE *tally, std::unique_ptr<kafka::KafkaProducer> events)
      : gluerFd_(gluerFd), tally_(tally), events_(std::move(events)) {}
  ~CasingInStation() { stop(); } // OK: stop() returns early once closed_ is set

  void lineSpine(const BookBlock &b);
  void stop();

private:
  std::mutex mu_;
  bool closed_ = false;
  int gluerFd_;
  FILE *tally_;
  std::unique_ptr<kafka::KafkaProducer> events_;
};

void CasingInStation::lineSpine(const BookBlock &b) {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  ::dprintf(gluerFd_, "PULSE %d\n", b.spineMm * 3); // OK: closed_ checked under mu_
  std::fprintf(tally_, "%s,%d\n", b.isbn.c_str(), b.spineMm);
  events_->send({"casing.lined", b.isbn});
}

void CasingInStation::stop() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    return;
  closed_ = true;
  events_->flush();
  events_->close();
  std::fclose(tally_);
  tally_ = nullptr;
  ::close(std::exchange(gluerFd_, -1));
}

class HeadbandTrimmer {
public:
  explicit HeadbandTrimmer(int fd) : fd_(fd) {}
  ~HeadbandTrimmer() { release(); }
  void trim(int mm) {
    if (fd_ < 0)
      return;
    ::dprintf(fd_, "TRIM %d\n", mm); // OK: fd_ is -1 once released
  }
  void release() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1)); // OK: runs once, fd_ is reset
  }

private:
  int fd_;
};

void runJob(const char *ticket, CasingInStation &station, HeadbandTrimmer &trimmer) {
  SignatureFeeder feeder(ticket);
  if (!feeder)
    return;
  while (!feeder.closed()) {
    std::optional<BookBlock> block = feeder.next(); // OK: the loop re-checks closed()
    if (!block)
      break;
    if (block->spineMm > 60)
      trimmer.release();
    station.lineSpine(*block);
    trimmer.trim(block->spineMm > 40 ? 3 : 2); // OK: trim() does nothing once released
  }
  station.stop();
}
