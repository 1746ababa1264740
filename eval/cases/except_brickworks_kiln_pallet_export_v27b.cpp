// Production tracking in a brickworks. Green bricks for each setting are
// sent to the tunnel kiln's controller over a net::Connection the function
// opens itself, and grading results for fired pallets go to Kafka.
// encodeGreenBrick() throws std::invalid_argument for a brick whose moisture
// reading is implausible; gradePallet() throws std::out_of_range for a pallet
// outside the dimensional and strength tolerances. The kiln push closes its
// connection as the last statement of the try; the grading run closes the
// producer in its handler and goes on to the summary record.
#include "messaging.h"
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct GreenBrick {
  std::string id;
  double moisturePct;
  int lengthMm;
};

struct Pallet {
  std::string setting;
  int bricks;
  double strengthMpa;
  double lengthSpreadMm;
};

static std::string encodeGreenBrick(const GreenBrick &b) {
  if (b.moisturePct < 1.0 || b.moisturePct > 30.0)
    throw std::invalid_argument("brick " + b.id + ": moisture " +
                                std::to_string(b.moisturePct));
  return b.id + ";" + std::to_string(b.moisturePct) + ";" + std::to_string(b.lengthMm);
}

static std::string gradePallet(const Pallet &p) {
  if (p.bricks != 500 || p.strengthMpa < 20.0 || p.lengthSpreadMm > 4.0)
    throw std::out_of_range("pallet from setting " + p.setting + " out of tolerance");
  return p.setting + ":" + (p.strengthMpa > 50.0 ? "engineering" : "facing");
}

bool pushSetting(const std::string &kiln, const std::string &setting,
                 const std::vector<GreenBrick> &bricks) {
  net::Connection kilnLink(kiln);
  try {
    kilnLink.send("setting " + setting);
    for (const GreenBrick &b : bricks)
      kilnLink.send(encodeGreenBrick(b));
    kilnLink.flush();
    kilnLink.close();
  } catch (const std::invalid_argument &e) {
    kilnLink.send("abort " + setting); // OK
    kilnLink.close();
    std::fprintf(stderr, "kiln setting %s rejected: %s\n", setting.c_str(), e.what());
    return false;
  }
  return true;
}

int gradeRun(kafka::KafkaProducer &producer, const std::vector<Pallet> &pallets) {
  int graded = 0;
  try {
    for (const Pallet &p : pallets) {
      producer.send({"brickworks.grade", gradePallet(p)});
      ++graded;
    }
  } catch (const std::out_of_range &e) {
    std::fprintf(stderr, "grading stopped: %s\n", e.what());
    producer.close();
  }
  producer.send({"brickworks.grade.summary", std::to_string(graded)}); // BUG: use-after-close
  return graded;
}

int gradeRunChecked(kafka::KafkaProducer &producer, const std::vector<Pallet> &pallets) {
  int graded = 0;
  try {
    for (const Pallet &p : pallets) {
      producer.send({"brickworks.grade", gradePallet(p)});
      ++graded;
    }
    producer.send({"brickworks.grade.summary", std::to_string(graded)});
    producer.flush();
  } catch (const std::out_of_range &e) {
    producer.send({"brickworks.grade.rejected", e.what()}); // OK
    producer.close();
    throw;
  }
  producer.flush(); // OK
  return graded;
}
