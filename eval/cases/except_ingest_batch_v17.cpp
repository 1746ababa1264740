// Batch ingester: parses CSV lines into records and publishes them to Kafka.
// Parse errors are skipped; a broker error closes the producer so buffered
// memory is released. Failed batches go to a dead-letter topic.
// kafka::KafkaProducer (messaging.h): send() after close() fails with
// "Producer closed while send in progress".
#include "messaging.h"

#include <cstddef>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

kafka::ProducerRecord parseLine(const std::string &topic, const std::string &line) {
  const std::size_t comma = line.find(',');
  if (comma == std::string::npos || comma == 0)
    throw std::invalid_argument("malformed line: " + line);
  return {topic, line.substr(comma + 1)};
}

void sendDeadLetter(kafka::KafkaProducer &producer, const std::string &reason,
                    const std::vector<std::string> &lines) {
  for (const std::string &line : lines)
    producer.send({"ingest.dead-letter", reason + "\t" + line}); // SAME: deadletter
}

// Publishes a batch; on a broker error the producer is closed and the error
// is rethrown to the caller.
void publishBatch(kafka::KafkaProducer &producer, const std::string &topic,
                  const std::vector<std::string> &lines) {
  try {
    for (const std::string &line : lines)
      producer.send(parseLine(topic, line));
    producer.flush();
  } catch (const std::invalid_argument &) {
    throw;
  } catch (const std::exception &e) {
    std::cerr << "broker error, closing producer: " << e.what() << "\n";
    producer.close();
    throw;
  }
}

} // namespace

// Streams a file line by line; skips malformed lines.
std::size_t ingestFile(kafka::KafkaProducer &producer, const std::string &topic,
                       const std::string &path) {
  std::ifstream in(path);
  std::string line;
  std::size_t sent = 0;
  while (std::getline(in, line)) {
    try {
      producer.send(parseLine(topic, line)); // BUG: use-after-close
      ++sent;
    } catch (const std::invalid_argument &e) {
      std::cerr << "skipping: " << e.what() << "\n";
    } catch (const std::exception &e) {
      std::cerr << "send failed: " << e.what() << "\n";
      producer.close();
    }
  }
  return sent;
}

// Publishes batches; a batch that fails goes to the dead-letter topic.
void ingestBatches(kafka::KafkaProducer &producer, const std::string &topic,
                   const std::vector<std::vector<std::string>> &batches) {
  for (const std::vector<std::string> &batch : batches) {
    try {
      publishBatch(producer, topic, batch);
    } catch (const std::invalid_argument &e) {
      sendDeadLetter(producer, e.what(), batch); // OK: parse errors never close the producer
    } catch (const std::exception &e) {
      sendDeadLetter(producer, e.what(), batch); // BUG: use-after-close #deadletter
      return;
    }
  }
}

// Same loop for the replay tool, which reconnects after a broker error.
void replayBatches(const std::string &brokers, const std::string &topic,
                   const std::vector<std::vector<std::string>> &batches) {
  std::unique_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers);
  for (const std::vector<std::string> &batch : batches) {
    try {
      publishBatch(*producer, topic, batch); // OK: a closed producer is replaced in the handler below
    } catch (const std::invalid_argument &) {
      continue;
    } catch (const std::exception &) {
      producer = kafka::createProducer(brokers);
      sendDeadLetter(*producer, "replayed after broker error", batch); // OK: fresh producer
    }
  }
  if (!producer->isClosed())
    producer->close(); // OK: guarded
}

// Ingests every file of a drop directory and publishes a summary record.
void ingestDirectory(kafka::KafkaProducer &producer, const std::vector<std::string> &files) {
  std::size_t total = 0;
  for (const std::string &file : files)
    total += ingestFile(producer, "events", file);
  producer.send({"ingest.summary", std::to_string(total)}); // BUG: use-after-close
}

// Heartbeat for the monitoring topic, called after ingestFile() returns.
void publishHeartbeat(kafka::KafkaProducer &producer, std::size_t sent) {
  if (producer.isClosed())
    return;
  producer.send({"ingest.heartbeat", std::to_string(sent)}); // OK: early return on a closed producer
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  kafka::KafkaProducer producer("broker-1:9092,broker-2:9092");
  const std::size_t sent = ingestFile(producer, "events", argv[1]);
  publishHeartbeat(producer, sent);
  kafka::KafkaProducer batchProducer("broker-1:9092,broker-2:9092");
  ingestBatches(batchProducer, "events", {{"1,a", "2,b"}, {"3,c"}});
  kafka::KafkaProducer dirProducer("broker-1:9092,broker-2:9092");
  ingestDirectory(dirProducer, std::vector<std::string>(argv + 1, argv + argc));
  replayBatches("broker-1:9092", "events.replay", {{"4,d"}});
  return 0;
}
