// Nightly archiver. Three components follow the "destructor calls stop()"
// idiom, and the driver stops each explicitly before it goes out of scope.
//  - MetricsReporter::stop() is idempotent: it returns when fd_ is already -1.
//  - ArchiveWriter::stop() fcloses fp_ without clearing it, so the destructor's
//    stop() after an explicit stop() fcloses the same FILE* again (defect).
//  - EventPublisher::stop() closes its Kafka producer unconditionally (close()
//    twice is an error), so deleting a stopped publisher closes it again
//    (defect).
#include "messaging.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

class MetricsReporter {
public:
  explicit MetricsReporter(int fd) : fd_(fd) {}
  ~MetricsReporter() { stop(); }
  void gauge(const std::string &name, long v) {
    if (fd_ < 0)
      return;
    std::string line = name + ":" + std::to_string(v) + "|g\n";
    ::send(fd_, line.data(), line.size(), MSG_NOSIGNAL);
  }
  void stop() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class ArchiveWriter {
public:
  explicit ArchiveWriter(const std::string &path) : fp_(std::fopen(path.c_str(), "ab")) {}
  ~ArchiveWriter() { stop(); }
  void add(const std::string &blob) { std::fwrite(blob.data(), 1, blob.size(), fp_); }
  void stop() {
    std::fclose(fp_); // SAME: archivedtor
  }

private:
  std::FILE *fp_;
};

class EventPublisher {
public:
  explicit EventPublisher(const std::string &brokers)
      : producer_(kafka::createProducer(brokers)) {}
  ~EventPublisher() { stop(); }
  void publish(const std::string &event) { producer_->send({"archive-events", event}); }
  void flush() { producer_->flush(); }
  void stop() {
    producer_->close(); // closed again at the end: a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
  }

private:
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

void reportRun(int statsdFd, long archived) {
  MetricsReporter metrics(statsdFd);
  metrics.gauge("archiver.files", archived);
  metrics.stop();
  metrics.stop(); // OK: stop() returns early once fd_ is -1
} // OK: ~MetricsReporter() calls stop(), which returns early

long archiveAll(const std::string &path, int files) {
  ArchiveWriter writer(path);
  for (int i = 0; i < files; ++i)
    writer.add("file-" + std::to_string(i) + "\n");
  writer.stop();
  return files;
} // BUG: double-close #archivedtor

void announce(const std::string &brokers, long archived) {
  auto publisher = std::make_unique<EventPublisher>(brokers);
  publisher->publish("archived " + std::to_string(archived));
  publisher->flush();
  publisher->stop();
  publisher.reset(); // a second KafkaProducer::close(), which messaging.h does not make an error (not marked)
}

int main(int argc, char **argv) {
  int files = argc > 1 ? std::stoi(argv[1]) : 3;
  long archived = archiveAll("/var/archive/nightly.bin", files);
  int sock = ::socket(AF_INET, SOCK_DGRAM, 0);
  if (sock >= 0)
    reportRun(sock, archived);
  announce("kafka-archive:9092", archived);
  return 0;
}
