// Negative: every use after a close goes to a replacement object. The
// rotating log closes and reset()s its std::optional<std::ofstream> and
// emplace()s the next file before writing; the exporter reassigns its
// producer with std::make_unique after closing the old one; the dialer
// overwrites a closed link with a freshly constructed TcpLink.
#include "messaging.h"
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <utility>

class RotatingLog {
public:
  void rotate(const std::string &nextPath) {
    if (out_) {
      out_->close();
      out_.reset();
    }
    out_.emplace(nextPath, std::ios::app);
    *out_ << "# rotated\n"; // OK: emplaced a new stream
  }
  void write(const std::string &line) {
    if (out_)
      *out_ << line << '\n';
  }

private:
  std::optional<std::ofstream> out_;
};

class Exporter {
public:
  explicit Exporter(std::string brokers)
      : brokers_(std::move(brokers)),
        producer_(std::make_unique<kafka::KafkaProducer>(brokers_)) {}
  void reconnect() {
    producer_->close();
    producer_ = std::make_unique<kafka::KafkaProducer>(brokers_);
    producer_->send({"exporter", "reconnected"}); // OK: new producer
  }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> producer_;
};

class TcpLink {
public:
  explicit TcpLink(const std::string &host);
  TcpLink(TcpLink &&other) noexcept;
  TcpLink &operator=(TcpLink &&other) noexcept;
  ~TcpLink();
  void sendFrame(const std::string &frame);
  void close();
};

void redial(TcpLink &link, const std::string &host) {
  link.close();
  link = TcpLink(host);
  link.sendFrame("HELLO"); // OK: a freshly constructed link
}
