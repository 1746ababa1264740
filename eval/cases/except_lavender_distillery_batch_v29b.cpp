// Lavender distillery batch uploads. At the end of a steam-distillation batch
// the still readings are pushed to the farm office over a connection and the
// batch record is published to Kafka. Readings outside the still's range throw
// std::out_of_range; a missing harvest lot throws std::invalid_argument. The
// connection/producer is closed as the last statement of the try, and the
// handlers close it on their own paths.
#include <stdexcept>
#include <string>
#include <vector>

#include "messaging.h"
#include "netconn.h"

namespace lavender {

struct StillReading {
  int minute = 0;
  double steamC = 0.0;
  double oilMl = 0.0;
};

struct Batch {
  std::string id;
  std::string harvestLot;
  std::vector<StillReading> readings;
};

void logWarning(const std::string &msg);

static std::string encode(const StillReading &r) {
  if (r.steamC < 90.0 || r.steamC > 130.0)
    throw std::out_of_range("steam temperature out of range at minute " +
                            std::to_string(r.minute));
  return std::to_string(r.minute) + "," + std::to_string(r.steamC) + "," +
         std::to_string(r.oilMl);
}

static std::string batchRecord(const Batch &b) {
  if (b.harvestLot.empty())
    throw std::invalid_argument("batch " + b.id + " has no harvest lot");
  return b.id + ";" + b.harvestLot + ";" + std::to_string(b.readings.size());
}

void pushStillReadings(const std::string &office, const Batch &b) {
  net::Connection still(office);
  try {
    for (const StillReading &r : b.readings)
      still.send(encode(r));
    still.flush();
    still.close();
  } catch (const std::out_of_range &e) {
    still.send(std::string("reject ") + e.what()); // OK
    still.flush(); // OK
    still.close(); // OK
  }
}

void publishBatch(kafka::KafkaProducer &producer, const Batch &b) {
  try {
    producer.send(kafka::ProducerRecord{"distillery.batches", batchRecord(b)});
    producer.flush();
    producer.close();
  } catch (const std::invalid_argument &e) {
    logWarning(e.what());
  }
  producer.send(kafka::ProducerRecord{"distillery.audit", "batch " + b.id}); // BUG: use-after-close
}

void pushWithBatchEnd(const std::string &office, const Batch &b) {
  net::Connection still(office);
  try {
    still.send("batch-begin " + batchRecord(b));
    for (const StillReading &r : b.readings)
      still.send(encode(r));
  } catch (const std::invalid_argument &e) {
    still.send("batch-abort " + b.id); // OK
    still.close();
    logWarning(e.what());
    return;
  } catch (const std::out_of_range &e) {
    still.close();
    logWarning(e.what());
  }
  still.send("batch-end " + b.id); // BUG: use-after-close
  still.flush();
  still.close();
}

} // namespace lavender
