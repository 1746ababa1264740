// Pipe-band championship: the standings after every strathspey, reel and
// hornpipe round are published to a Kafka topic for the arena screens and
// appended to the organisers' standings file (FILE*). When the arena network
// switches brokers the producer is closed and a new one created; the standings
// file is closed through closeStandings(), which takes the FILE* out of the
// member with std::exchange so that closing twice does nothing.
#include "messaging.h"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace championship {

struct Standing {
  std::string band;
  int place = 0;
  int points = 0;
};

class StandingsPublisher {
public:
  StandingsPublisher(std::string brokers, const std::string &path)
      : brokers_(std::move(brokers)), feed_(kafka::createProducer(brokers_)),
        standings_(std::fopen(path.c_str(), "a")) {}
  ~StandingsPublisher() { closeStandings(); }
  StandingsPublisher(const StandingsPublisher &) = delete;
  StandingsPublisher &operator=(const StandingsPublisher &) = delete;

  void publish(const std::string &round, const std::vector<Standing> &table) {
    for (const Standing &s : table)
      feed_->send({"arena.standings", round + ":" + s.band + ":" + std::to_string(s.place)});
    if (!standings_)
      return;
    for (const Standing &s : table)
      std::fprintf(standings_, "%s %d %s %d\n", round.c_str(), s.place, s.band.c_str(), s.points);
  }

  void switchBrokers(const std::string &brokers) {
    feed_->flush();
    feed_->close();
    brokers_ = brokers;
    feed_ = kafka::createProducer(brokers_);
    feed_->send({"arena.control", "publisher moved to " + brokers_}); // OK
  }

  void recoverAfterOutage(bool brokersMoved, const std::string &brokers) {
    feed_->close();
    if (brokersMoved) {
      brokers_ = brokers;
      feed_ = kafka::createProducer(brokers_);
    }
    feed_->send({"arena.control", "publisher recovered"}); // BUG: use-after-close
  }

  void closeStandings() {
    if (FILE *f = std::exchange(standings_, nullptr))
      std::fclose(f); // OK
  }

  void sealFinalStandings(const std::string &footer) {
    FILE *f = standings_;
    closeStandings();
    std::fputs(footer.c_str(), f); // BUG: use-after-close
  }

  void reopenStandings(const std::string &path) {
    FILE *old = std::exchange(standings_, std::fopen(path.c_str(), "a"));
    if (old)
      std::fclose(old);
    if (standings_)
      std::fputs("# standings continued\n", standings_); // OK
  }

private:
  std::string brokers_;
  std::unique_ptr<kafka::KafkaProducer> feed_;
  FILE *standings_ = nullptr;
};

void hornpipeFinal(StandingsPublisher &pub, const std::vector<Standing> &table) {
  pub.publish("hornpipe-final", table);
  pub.closeStandings();
  pub.closeStandings(); // OK
  pub.publish("hornpipe-final-confirmed", table);
}

} // namespace championship
