// A service's stop() closes its producer inside std::call_once, so stop()
// from the signal path and again from the destructor closes it once
// (negative case). A spool writer whose stop() closes its descriptor with no
// such protection closes it twice when drainAndStop() calls stop() twice
// (bug).
#include "messaging.h"

#include <unistd.h>

#include <mutex>

class IngestService {
public:
  ~IngestService() { stop(); }

  void stop() {
    std::call_once(stopOnce_, [this] { producer_.close(); }); // OK
  }

  void onSignal() { stop(); }

private:
  kafka::KafkaProducer producer_;
  std::once_flag stopOnce_;
};

void shutdownTwice(IngestService &service) {
  service.onSignal();
  service.stop(); // OK
}

class SpoolWriter {
public:
  explicit SpoolWriter(int fd) : fd_(fd) {}

  void stop() { ::close(fd_); } // SAME: twice

  void drainAndStop() {
    ::fsync(fd_);
    stop();
    stop(); // BUG: double-close #twice
  }

private:
  int fd_;
};
