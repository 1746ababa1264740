// Spool replay: readSpool() reads the records with a FILE*; replaySpool()
// submits one send per record to the Scheduler and closes the producer
// without waiting, racing with the tasks (bug); replaySpoolAndWait() drains
// the scheduler first (negative).
#include "relay/replay.h"

#include <cstdio>
#include <cstring>

namespace relay {

std::vector<Record> readSpool(const char *path) {
  std::vector<Record> records;
  std::FILE *spool = std::fopen(path, "r");
  if (!spool)
    return records;
  char line[1024];
  while (std::fgets(line, sizeof line, spool)) { // OK
    char *tab = std::strchr(line, '\t');
    if (!tab)
      continue;
    *tab = '\0';
    records.push_back({line, tab + 1});
  }
  std::fclose(spool);
  return records;
}

void replaySpool(Scheduler &scheduler, BrokerProducer &producer, const std::vector<Record> &spool) {
  for (const Record &record : spool) {
    scheduler.submit([&producer, record] {
      producer.send(record); // BUG: use-after-close #replay
    });
  }
  producer.close(); // SAME: replay
}

void replaySpoolAndWait(Scheduler &scheduler, BrokerProducer &producer,
                        const std::vector<Record> &spool) {
  for (const Record &record : spool) {
    scheduler.submit([&producer, record] {
      producer.send(record); // OK
    });
  }
  scheduler.drain();
  producer.flush();
  producer.close(); // OK
}

} // namespace relay
