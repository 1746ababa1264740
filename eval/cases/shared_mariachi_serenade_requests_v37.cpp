// Mariachi serenade service: guests send song requests to a RequestDesk, which
// fans them out to subscribed bands; each band forwards the song to its
// in-ear SetlistWire. Correct as written: a band unsubscribes before it closes
// its wire, weak subscribers check is_open() after lock(), a wire that is
// closed only by its shared_ptr deleter is still open while any owner can
// reach it, and closing one band's wire does not touch another band's.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

struct Request {
  std::string guest;
  std::string song;
};

class SetlistWire {
 public:
  explicit SetlistWire(std::string band) : band_(std::move(band)) {}
  void send(const std::string& song) {
    if (!open_) throw std::runtime_error("setlist wire for " + band_ + " closed");
    last_ = song;
  }
  void close() { open_ = false; }
  bool is_open() const { return open_; }

 private:
  std::string band_;
  std::string last_;
  bool open_ = true;
};

class RequestDesk {
 public:
  using Handler = std::function<void(const Request&)>;
  int subscribe(Handler h) {
    handlers_.emplace(next_, std::move(h));
    return next_++;
  }
  void unsubscribe(int token) { handlers_.erase(token); }
  void publish(const Request& r) {
    for (auto& [token, h] : handlers_) h(r);
  }

 private:
  std::map<int, Handler> handlers_;
  int next_ = 1;
};

class Band {
 public:
  Band(RequestDesk& desk, std::shared_ptr<SetlistWire> wire) : desk_(desk), wire_(std::move(wire)) {
    token_ = desk_.subscribe([this](const Request& r) { wire_->send(r.song); });
  }
  void pack_up() {
    desk_.unsubscribe(token_);
    wire_->close();
  }

 private:
  RequestDesk& desk_;
  std::shared_ptr<SetlistWire> wire_;
  int token_ = 0;
};

void plaza_evening(RequestDesk& desk) {
  auto wire = std::make_shared<SetlistWire>("Los Gallos");
  Band gallos(desk, wire);
  desk.publish({"Ana", "Cielito Lindo"});
  gallos.pack_up();
  desk.publish({"Luis", "El Rey"});  // OK: the band unsubscribed before closing its wire
}

void weak_subscriber(RequestDesk& desk) {
  auto wire = std::make_shared<SetlistWire>("Las Palomas");
  std::weak_ptr<SetlistWire> w = wire;
  int token = desk.subscribe([w](const Request& r) {
    auto s = w.lock();
    if (!s || !s->is_open()) return;
    s->send(r.song);  // OK: lock() and is_open() checked first
  });
  wire->close();
  desk.publish({"Marta", "La Bamba"});
  desk.unsubscribe(token);
}

void last_owner_closes() {
  std::shared_ptr<SetlistWire> wire(new SetlistWire("Trio Sol"), [](SetlistWire* p) {
    p->close();
    delete p;
  });
  std::weak_ptr<SetlistWire> w = wire;
  auto encore = wire;
  wire.reset();
  encore->send("Volver Volver");  // OK: encore still owns it; the deleter closes only with the last owner
  if (auto s = w.lock()) s->send("Amor Eterno");  // OK: only the deleter closes this wire
}

void two_bands(RequestDesk& desk) {
  auto trumpets = std::make_shared<SetlistWire>("Trompetas");
  auto violins = std::make_shared<SetlistWire>("Violines");
  Band a(desk, trumpets);
  Band b(desk, violins);
  a.pack_up();
  violins->send("Guadalajara");  // OK: a different band's wire
  b.pack_up();
}
