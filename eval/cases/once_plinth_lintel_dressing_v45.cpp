// Dressing shop of a marble works: plinths and lintels are dressed in batches.
// Each piece gets its own label file (one std::ofstream reopened per piece);
// the batch summary is a FILE* shared by the whole batch; the truck load is
// announced piece by piece on the yard's Kafka topic, and a rejected piece
// stops the announcement; the mason's tally sheet is written once per batch.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "messaging.h"

struct Piece {
  std::string id;
  enum class Kind { Plinth, Lintel } kind;
  int massKg;
  bool rejected;
};

void writeLabels(const std::vector<Piece> &batch, const std::string &dir) {
  std::ofstream label;
  for (const Piece &p : batch) {
    label.open(dir + "/" + p.id + ".lbl");
    if (!label)
      continue;
    label << p.id << (p.kind == Piece::Kind::Plinth ? " PLINTH " : " LINTEL ") << p.massKg
          << " kg\n"; // OK
    label.close();
  }
}

void writeBatchSummary(const std::vector<Piece> &batch, const char *path) {
  FILE *summary = std::fopen(path, "a");
  if (!summary)
    return;
  for (const Piece &p : batch) {
    std::fprintf(summary, "%s %d\n", p.id.c_str(), p.massKg); // OK
    if (&p == &batch.back())
      std::fclose(summary); // OK
  }
  if (batch.empty())
    std::fclose(summary); // OK
}

void writeRejectSummary(const std::vector<Piece> &batch, const char *path) {
  FILE *rejects = std::fopen(path, "a");
  if (!rejects)
    return;
  int count = 0;
  for (const Piece &p : batch) {
    if (!p.rejected)
      continue;
    std::fprintf(rejects, "%s rejected (%d)\n", p.id.c_str(), ++count); // BUG: use-after-close
    std::fclose(rejects); // BUG: double-close
  }
}

void announceLoad(kafka::KafkaProducer &yard, const std::vector<Piece> &load) {
  for (const Piece &p : load) {
    if (p.rejected) {
      yard.send({"yard.loads", p.id + " REJECTED, load held"});
      yard.close();
      break;
    }
    yard.send({"yard.loads", p.id + " " + std::to_string(p.massKg)}); // OK
  }
}

void writeTally(const std::vector<Piece> &batch, const std::string &path) {
  std::ofstream tally(path, std::ios::app);
  int plinths = 0;
  for (const Piece &p : batch) {
    plinths += p.kind == Piece::Kind::Plinth;
    tally << p.id << '\n'; // BUG: use-after-close
    if (p.kind == Piece::Kind::Lintel && tally.is_open()) {
      tally << "lintels follow, plinths so far " << plinths << '\n';
      tally.close();
    }
  }
}

void dispatchBatch(kafka::KafkaProducer &yard, const std::vector<Piece> &load) {
  announceLoad(yard, load);
  yard.flush(); // BUG: use-after-close
}

int main() {
  std::vector<Piece> batch{{"PL-301", Piece::Kind::Plinth, 640, false},
                           {"LN-117", Piece::Kind::Lintel, 410, true},
                           {"LN-118", Piece::Kind::Lintel, 395, false}};
  writeLabels(batch, "/srv/dressing/labels");
  writeBatchSummary(batch, "/srv/dressing/summary.txt");
  writeRejectSummary(batch, "/srv/dressing/rejects.txt");
  kafka::KafkaProducer yard("kafka-yard:9092");
  dispatchBatch(yard, batch);
  writeTally(batch, "/srv/dressing/tally.txt");
}
