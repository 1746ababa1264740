// The relay's producer to the upstream broker. send() after close() throws
// "Producer closed while send in progress".
#pragma once
#include <string>
#include <vector>

namespace relay {

struct Record {
  std::string topic;
  std::string payload;
};

class BrokerProducer {
public:
  explicit BrokerProducer(std::string brokers);
  void send(const Record &record);
  void flush();
  void close();
  bool isClosed() const { return closed_; }

private:
  std::string brokers_;
  std::vector<Record> inflight_;
  bool closed_ = false;
};

} // namespace relay
