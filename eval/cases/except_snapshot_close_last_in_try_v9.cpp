// Negative: writeSnapshot()'s fclose() is the last statement of its try
// block and fclose() does not throw, so the handler only runs when the
// stream is still open: its diagnostic line and its fclose() are fine.
// publishAll() closes the producer in a catch-all and rethrows, so the flush
// after the try is reached only when nothing was thrown and nothing closed.
#include "messaging.h"
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Entry {
  std::string key;
  long version;
};

static void writeEntry(FILE *out, const Entry &entry) {
  if (entry.key.empty())
    throw std::invalid_argument("snapshot entry without a key");
  if (std::fprintf(out, "%s\t%ld\n", entry.key.c_str(), entry.version) < 0)
    throw std::runtime_error("snapshot write failed");
}

bool writeSnapshot(const std::string &path, const std::vector<Entry> &entries) {
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  try {
    for (const Entry &entry : entries)
      writeEntry(out, entry);
    std::fclose(out);
  } catch (const std::exception &ex) {
    std::fprintf(out, "# aborted: %s\n", ex.what()); // OK: fclose() not reached
    std::fclose(out); // OK: the only close on this path
    return false;
  }
  return true;
}

void publishAll(kafka::KafkaProducer &producer,
                const std::vector<std::string> &events) {
  try {
    for (const std::string &e : events)
      producer.send({"events", e});
  } catch (...) {
    producer.close();
    throw;
  }
  producer.flush(); // OK: the handler rethrows after closing
}
