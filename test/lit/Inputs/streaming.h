// Test doubles in the shapes of the two seed records' APIs.
#pragma once
#include <memory>
#include <string>

namespace cassandra {
struct StreamMessage {
  std::string Body;
};
class StreamingChannel {};

/// Like Cassandra's StreamingMultiplexedChannel: sending after close throws.
class StreamingMultiplexedChannel {
public:
  void sendMessage(StreamingChannel &Channel, const StreamMessage &Message);
  void sendControlMessage(const StreamMessage &Message);
  void close();
  bool isClosed() const;
  void setTimeout(int Seconds);
};

class StreamSession {
public:
  void onError(const std::string &Why);
  void closeSession();
  StreamingMultiplexedChannel *channel();
};
} // namespace cassandra

namespace kafka {
struct ProducerRecord {
  std::string Topic, Value;
};
/// Like Kafka's producer: send after close fails.
class KafkaProducer {
public:
  KafkaProducer();
  void send(const ProducerRecord &Record);
  void flush();
  void close();
  bool isClosed() const;
};
} // namespace kafka

/// A user class whose name ends in Channel: the generic profile applies.
class AuditChannel {
public:
  void send(const std::string &Line);
  void close();
  bool isOpen() const;
};

/// A class with the same method names whose name matches no profile.
class Logger {
public:
  void send(const std::string &Line);
  void close();
};

/// A derived class: the profile of its base applies.
class TracingProducer : public kafka::KafkaProducer {
public:
  void trace();
};
