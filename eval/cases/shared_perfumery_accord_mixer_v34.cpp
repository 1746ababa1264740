// Perfumery: mixing stations dose raw materials when the blend bus publishes
// an accord step. Each station registers a callback that keeps a shared_ptr
// to its dosing line. The bergamot MixingStation closes its line in
// shutdown() but never unsubscribes, so the next "accord/bergamot" step runs
// the stored callback against a closed line. The ambergris TinctureStation
// unsubscribes before closing, and the VialLabeler holds a weak_ptr and
// checks the line's state before dosing.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DosingLine {
 public:
  explicit DosingLine(std::string material) : material_(std::move(material)) {}

  void dose(double grams) {
    if (shut_) throw std::runtime_error("dosing line shut: " + material_);
    total_ += grams;
  }

  void shut() { shut_ = true; }  // idempotent: just marks the valve bank closed
  bool is_shut() const { return shut_; }

 private:
  std::string material_;
  double total_ = 0.0;
  bool shut_ = false;
};

class BlendBus {
 public:
  using Handler = std::function<void(double)>;

  int subscribe(std::string topic, Handler handler) {
    subs_.push_back(Sub{next_id_, std::move(topic), std::move(handler)});
    return next_id_++;
  }

  void unsubscribe(int id) {
    for (auto it = subs_.begin(); it != subs_.end(); ++it) {
      if (it->id == id) {
        subs_.erase(it);
        return;
      }
    }
  }

  void publish(const std::string& topic, double grams) {
    for (auto& s : subs_)
      if (s.topic == topic) s.handler(grams);
  }

 private:
  struct Sub {
    int id;
    std::string topic;
    Handler handler;
  };
  std::vector<Sub> subs_;
  int next_id_ = 1;
};

class MixingStation {
 public:
  MixingStation(BlendBus& bus, const std::string& material)
      : line_(std::make_shared<DosingLine>(material)) {
    auto line = line_;
    bus.subscribe("accord/" + material, [line](double grams) {
      line->dose(grams);  // SAME: after_shutdown
    });
  }
  void shutdown() { line_->shut(); }

 private:
  std::shared_ptr<DosingLine> line_;
};

class TinctureStation {
 public:
  TinctureStation(BlendBus& bus, const std::string& material)
      : bus_(bus), line_(std::make_shared<DosingLine>(material)) {
    auto line = line_;
    token_ = bus_.subscribe("accord/" + material, [line](double grams) {
      line->dose(grams);  // OK: unsubscribed before the line is shut
    });
  }
  void stop() {
    bus_.unsubscribe(token_);
    line_->shut();
  }

 private:
  BlendBus& bus_;
  std::shared_ptr<DosingLine> line_;
  int token_ = 0;
};

class VialLabeler {
 public:
  VialLabeler(BlendBus& bus, const std::shared_ptr<DosingLine>& line, const std::string& topic) {
    std::weak_ptr<DosingLine> weak = line;
    bus.subscribe(topic, [weak](double grams) {
      auto l = weak.lock();
      if (!l || l->is_shut()) return;
      l->dose(grams * 0.01);  // OK: checked expiry and is_shut()
    });
  }
};

void evening_batch(BlendBus& bus) {
  auto rinse = std::make_shared<DosingLine>("ethanol-rinse");
  MixingStation bergamot(bus, "bergamot");
  TinctureStation ambergris(bus, "ambergris");
  VialLabeler labeler(bus, rinse, "accord/bergamot");

  bus.publish("accord/bergamot", 2.5);  // OK: every line open
  bus.publish("accord/ambergris", 0.4);  // OK: every line open
  rinse->shut();
  bergamot.shutdown();
  ambergris.stop();
  bus.publish("accord/ambergris", 0.2);  // OK: no subscriber left on this topic
  bus.publish("accord/bergamot", 1.0);  // BUG: use-after-close #after_shutdown
}
