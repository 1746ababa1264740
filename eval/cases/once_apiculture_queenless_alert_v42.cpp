// Queenless alarms for an out-apiary: acoustic monitors in the hives detect
// the "queenless roar" and an SMS modem on a serial port texts the beekeeper.
// deliver() retries a few times and, in the last attempt only, hangs up the
// modem so the weather station can use the shared line; the nightly digest
// closes its file in the iteration for the last hive; the modem line is shut
// down through std::call_once from either stop() or the destructor.
// Correct: each close runs at most once and nothing uses the handle after it.
#include <chrono>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

struct QueenlessAlert {
  std::string hive;
  std::string phone;
  double roarHz;
};

class SmsModem {
public:
  bool open(const char *tty) {
    fd_ = ::open(tty, O_RDWR | O_NOCTTY);
    return fd_ >= 0;
  }
  bool isOpen() const { return fd_ >= 0; }
  bool sendSms(const std::string &phone, const std::string &text) {
    int n = ::dprintf(fd_, "AT+CMGS=\"%s\"\r%s\x1a", phone.c_str(), text.c_str());
    char ack[16] = {};
    return n > 0 && ::read(fd_, ack, sizeof ack - 1) > 0 && ack[0] == 'O';
  }
  void hangUp() {
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_ = -1;
};

class QueenlessAlerter {
public:
  explicit QueenlessAlerter(std::string tty) : tty_(std::move(tty)) {}
  ~QueenlessAlerter() { stop(); }

  bool deliver(const QueenlessAlert &a);
  void nightlyDigest(const std::vector<QueenlessAlert> &today, const std::string &path);
  void stop() {
    std::call_once(stopOnce_, [this] {
      if (modem_.isOpen())
        modem_.hangUp(); // OK: call_once runs this a single time
    });
  }

private:
  static constexpr int kMaxAttempts = 4;
  std::string tty_;
  SmsModem modem_;
  std::once_flag stopOnce_;
};

bool QueenlessAlerter::deliver(const QueenlessAlert &a) {
  if (!modem_.isOpen() && !modem_.open(tty_.c_str()))
    return false;
  const std::string text = "Hive " + a.hive + " queenless (" + std::to_string(a.roarHz) + " Hz)";
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (modem_.sendSms(a.phone, text)) // OK: hangUp() only runs in the final iteration
      return true;
    std::this_thread::sleep_for(std::chrono::seconds(5 << attempt));
    if (attempt + 1 == kMaxAttempts)
      modem_.hangUp(); // OK: at most once per deliver()
  }
  return false;
}

void QueenlessAlerter::nightlyDigest(const std::vector<QueenlessAlert> &today,
                                     const std::string &path) {
  if (today.empty())
    return;
  FILE *digest = std::fopen(path.c_str(), "a");
  if (!digest)
    return;
  for (std::size_t i = 0; i < today.size(); ++i) {
    std::fprintf(digest, "%s %.0f Hz\n", today[i].hive.c_str(), today[i].roarHz);
    if (i + 1 == today.size()) {
      std::fprintf(digest, "-- %zu alarms\n", today.size());
      std::fclose(digest); // OK
    }
  }
}
