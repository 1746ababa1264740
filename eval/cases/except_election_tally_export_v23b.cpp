// Election tallying: the county results office exports precinct tallies to a
// CSV file for the canvass board and publishes each precinct to the results
// feed through a Kafka producer. A precinct whose ballots do not reconcile
// with its signed poll book raises TallyMismatch.
// Defects: exportCanvass() closes the descriptor in its catch handler and then
// falls through to write the TOTAL footer and close the descriptor again.
// Correct: exportProvisional() returns from its catch handler after closing;
// publishPrecincts() closes the producer in its catch handler and rethrows,
// so no send follows that close.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "messaging.h"

struct Precinct {
  std::string id;
  long ballotsCast = 0;
  long pollBookSignatures = 0;
  long votes = 0;
};

class TallyMismatch : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static std::string formatRow(const Precinct &p) {
  if (p.ballotsCast != p.pollBookSignatures)
    throw TallyMismatch("precinct " + p.id + " does not reconcile");
  return p.id + "," + std::to_string(p.ballotsCast) + "," + std::to_string(p.votes) + "\n";
}

static bool writeAll(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off); // SAME: footer
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

int exportCanvass(const std::vector<Precinct> &precincts, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  long total = 0;
  try {
    writeAll(fd, "precinct,ballots,votes\n");
    for (const Precinct &p : precincts) {
      writeAll(fd, formatRow(p));
      total += p.votes;
    }
  } catch (const TallyMismatch &e) {
    std::fprintf(stderr, "canvass export stopped: %s\n", e.what());
    ::close(fd);
  }
  writeAll(fd, "TOTAL,," + std::to_string(total) + "\n"); // BUG: use-after-close #footer
  return ::close(fd); // BUG: double-close
}

int exportProvisional(const std::vector<Precinct> &precincts, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return -1;
  long total = 0;
  try {
    for (const Precinct &p : precincts) {
      writeAll(fd, formatRow(p));
      total += p.votes;
    }
  } catch (const TallyMismatch &e) {
    std::fprintf(stderr, "provisional export abandoned: %s\n", e.what());
    ::close(fd);
    return -1;
  }
  writeAll(fd, "TOTAL,," + std::to_string(total) + "\n"); // OK: the catch handler returns after closing
  return ::close(fd); // OK
}

void publishPrecincts(kafka::KafkaProducer &feed, const std::vector<Precinct> &precincts) {
  try {
    for (const Precinct &p : precincts)
      feed.send({"results", formatRow(p)});
    feed.flush();
  } catch (const TallyMismatch &) {
    feed.close();
    throw;
  }
  feed.send({"results", "BATCH-COMPLETE"}); // OK: the close in the handler is followed by a rethrow
}

int runResultsNight(const std::vector<Precinct> &precincts) {
  std::unique_ptr<kafka::KafkaProducer> feed = kafka::createProducer("results-kafka:9092");
  int rc = exportCanvass(precincts, "/srv/canvass/county.csv");
  exportProvisional(precincts, "/srv/canvass/provisional.csv");
  try {
    publishPrecincts(*feed, precincts);
  } catch (const TallyMismatch &e) {
    std::fprintf(stderr, "feed halted: %s\n", e.what());
    return 2;
  }
  feed->close();
  return rc;
}
