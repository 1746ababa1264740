// Steep-water effluent monitoring at a maltings. Turbidity and pH readings of
// the effluent channel are published to Kafka; readings that cannot be
// published are spooled to a local CSV. publishReading() closes the producer
// and returns false when a send fails (the broker session is unusable after
// that); writeHeader() closes the CSV and returns false when the header cannot
// be written; abortRun() closes the CSV and exits the process.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "messaging.h"

struct TurbidityReading {
  long epoch;
  double ntu;
  double ph;
};

static std::string format(const TurbidityReading &r) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%ld,%.2f,%.2f", r.epoch, r.ntu, r.ph);
  return buf;
}

bool publishReading(kafka::KafkaProducer &producer, const TurbidityReading &r) {
  try {
    producer.send({"steepwater.turbidity", format(r)}); // SAME: backlog-publish
    return true;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "effluent publish failed: %s\n", e.what());
    producer.close();
    return false;
  }
}

bool writeHeader(FILE *csv) {
  if (std::fputs("epoch,ntu,ph\n", csv) == EOF) {
    std::fclose(csv);
    return false;
  }
  return true;
}

[[noreturn]] void abortRun(FILE *csv, const char *why) {
  std::fclose(csv);
  std::fprintf(stderr, "effluent monitor stopped: %s\n", why);
  std::exit(3);
}

void spool(FILE *csv, const TurbidityReading &r) {
  std::fprintf(csv, "%s\n", format(r).c_str());
}

FILE *openSpool(const char *path) {
  FILE *csv = std::fopen(path, "a");
  if (!csv)
    return nullptr;
  if (!writeHeader(csv))
    return nullptr;
  return csv;
}

FILE *openDailySpool(const char *path) {
  FILE *csv = std::fopen(path, "w");
  if (!csv)
    return nullptr;
  if (!writeHeader(csv)) {
    std::fclose(csv); // BUG: double-close
    return nullptr;
  }
  return csv;
}

void checkpoint(FILE *csv) {
  if (std::fflush(csv) != 0)
    abortRun(csv, "spool disk full");
  std::fputs("# checkpoint\n", csv); // OK
}

void publishShift(kafka::KafkaProducer &producer, FILE *csv,
                  const std::vector<TurbidityReading> &readings) {
  std::size_t i = 0;
  for (; i < readings.size(); ++i)
    if (!publishReading(producer, readings[i]))
      break;
  for (; i < readings.size(); ++i)
    spool(csv, readings[i]);
  if (!producer.isClosed())
    producer.flush(); // OK
}

void publishBacklog(kafka::KafkaProducer &producer, FILE *csv,
                    const std::vector<TurbidityReading> &backlog) {
  for (const TurbidityReading &r : backlog) {
    if (!publishReading(producer, r)) // BUG: use-after-close #backlog-publish
      spool(csv, r);
  }
}

int main() {
  std::vector<TurbidityReading> shift{{1718000000, 41.5, 6.9}, {1718000600, 44.0, 6.8}};
  FILE *csv = openSpool("/var/spool/effluent/readings.csv");
  if (!csv)
    return 1;
  kafka::KafkaProducer producer("kafka-1:9092");
  publishShift(producer, csv, shift);
  checkpoint(csv);

  kafka::KafkaProducer backlogProducer("kafka-1:9092");
  publishBacklog(backlogProducer, csv, shift);
  std::fclose(csv);

  if (FILE *daily = openDailySpool("/var/spool/effluent/daily.csv")) {
    spool(daily, shift.back()); // OK
    std::fclose(daily);
  }
  return 0;
}
