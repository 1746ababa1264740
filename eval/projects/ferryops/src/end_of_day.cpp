// End of the operating day: the manifest index is sealed and the day's
// manifests are archived (each archived copy is listed in the index), and
// the day and shift reports go out through one-shot producers whose sends
// run on a worker pool.
#include "operations.h"

#include <memory>

#include "messaging.h"
#include "terminal.h"

namespace ferry {

Status closeOperatingDay(Terminal &t, const std::vector<SailingSummary> &day,
                         const std::string &archiveDir) {
  ManifestIndex &index = t.index();
  Status st = index.seal();
  if (!st.ok())
    return st;
  for (const SailingSummary &s : day) {
    const std::string dst = archiveDir + "/" + s.sailingId + ".manifest";
    st = archiveManifest(s.manifestPath, dst);
    if (!st.ok())
      return st;
    index.record(s.sailingId, dst, s.lines); // BUG: use-after-close #indexseal
  }
  return Status::Ok();
}

void sendDayReport(Crew &crew, const std::string &brokers,
                   const std::map<std::string, TerminalCounters> &bySailing) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers);
  for (const auto &entry : bySailing) {
    const std::string body = entry.first + " " + encodeCounters(entry.second);
    crew.post([producer, body] {
      producer->send(kafka::ProducerRecord{"terminal.dayreport", body}); // BUG: use-after-close #crewsend
    });
  }
  producer->flush();
  producer->close(); // SAME: crewsend
}

void sendShiftReport(const std::string &brokers,
                     const std::map<std::string, TerminalCounters> &bySailing) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(brokers);
  Crew reportCrew(2);
  for (const auto &entry : bySailing) {
    const std::string body = entry.first + " " + encodeCounters(entry.second);
    reportCrew.post([producer, body] {
      producer->send(kafka::ProducerRecord{"terminal.shiftreport", body}); // OK: reportCrew.join() below runs every task before the close
    });
  }
  reportCrew.join();
  producer->close();
}

} // namespace ferry
