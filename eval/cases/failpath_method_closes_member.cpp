// A Uplink's connect() closes its producer and returns false when the broker
// rejects the credentials. start() returns on false and sends otherwise
// (correct); startAnyway() logs the failure and sends anyway (bug).
#include "messaging.h"

#include <cstdio>
#include <string>

class Uplink {
public:
  explicit Uplink(std::string brokers) : producer_(brokers) {}

  bool start() {
    if (!connect())
      return false;
    producer_.send({"uplink", "started"}); // OK
    return true;
  }

  void startAnyway() {
    if (!connect())
      std::fputs("uplink: connect failed\n", stderr);
    producer_.send({"uplink", "started"}); // BUG: use-after-close
  }

private:
  bool connect() {
    if (!authorized_) {
      producer_.close();
      return false;
    }
    return true;
  }

  kafka::KafkaProducer producer_;
  bool authorized_ = false;
};
