// Messaging classes in the shapes of the records' APIs (Cassandra's streaming
// channel, Kafka's producer, librdkafka's consumer). Declarations only, as a
// real project's headers would be: the definitions live in other files.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace cassandra {
struct StreamMessage {
  std::string Type;
  std::string Body;
};
class StreamingChannel {};

/// Sending after close() throws "stream has been closed, cannot send ...".
class StreamingMultiplexedChannel {
public:
  void sendMessage(StreamingChannel &Channel, const StreamMessage &Message);
  void sendControlMessage(const StreamMessage &Message);
  void close();
  bool isClosed() const;
  void setTimeout(int Seconds);
  StreamingChannel &controlChannel();
};

class StreamSession {
public:
  void onError(const std::string &Why);
  bool isPreview() const;
  StreamingMultiplexedChannel &channel();
};
} // namespace cassandra

namespace kafka {
struct ProducerRecord {
  std::string Topic;
  std::string Value;
};
/// send() after close() fails with "Producer closed while send in progress".
class KafkaProducer {
public:
  KafkaProducer();
  explicit KafkaProducer(const std::string &Brokers);
  void send(const ProducerRecord &Record);
  void flush();
  void close();
  void close(std::chrono::milliseconds Timeout);
  bool isClosed() const;
  int pendingCount() const;
};
std::unique_ptr<KafkaProducer> createProducer(const std::string &Brokers);
} // namespace kafka

/// An application's own channel class (the generic "*Channel" shape).
class EventChannel {
public:
  void send(const std::string &Event);
  void close();
  bool isOpen() const;
};

/// librdkafka's high-level consumer, reduced to what the cases call.
namespace RdKafka {
class Message;
class KafkaConsumer {
public:
  virtual ~KafkaConsumer();
  virtual int subscribe(const std::vector<std::string> &Topics) = 0;
  virtual Message *consume(int TimeoutMs) = 0;
  virtual int commitSync() = 0;
  virtual int close() = 0;
};
} // namespace RdKafka
