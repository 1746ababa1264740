// Push notifications to a connected dashboard client. A PushChannel carries
// rendered events to one client; close() is noexcept and idempotent, push()
// throws once the channel is closed. deliverSession() renders and pushes the
// events and closes the channel as the last statement of its try block, so
// its handler (render failures) can still push an error notice.
// archiveAndClose() closes the channel and then archives the session, which
// can throw; its handler pushes a notice on the closed channel. streamLive() rethrows after
// pushing only when good() says the channel is still usable. deliverPages()
// closes the channel inside its per-page loop, so a second page is pushed on
// the closed channel.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct RenderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// PushChannel: push() throws std::runtime_error after close(); close() is
// noexcept and idempotent; good() is false once closed.
class PushChannel {
public:
  explicit PushChannel(std::string client) : client_(std::move(client)) {}
  void push(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("push channel to " + client_ + " is closed");
    outbox_.push_back(msg);
  }
  void close() noexcept {
    if (closed_)
      return;
    closed_ = true;
    outbox_.clear();
  }
  bool good() const noexcept { return !closed_; }

private:
  std::string client_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

struct Event {
  std::string kind;
  double value;
};

static std::string render(const Event &e) {
  if (e.kind.empty())
    throw RenderError("event without kind");
  return e.kind + ": " + std::to_string(e.value);
}

static void archive(const std::vector<Event> &events) {
  if (events.size() > 3)
    throw std::runtime_error("archive store is read-only");
  std::printf("archived %zu events\n", events.size());
}

void deliverSession(PushChannel &ch, const std::vector<Event> &events) {
  try {
    for (const Event &e : events)
      ch.push(render(e));
    ch.close();
  } catch (const RenderError &err) {
    ch.push(std::string("error: ") + err.what()); // OK: close() is noexcept and last in the try
    ch.close();
  }
}

void archiveAndClose(PushChannel &ch, const std::vector<Event> &events) {
  try {
    for (const Event &e : events)
      ch.push(render(e));
    ch.close();
    archive(events);
  } catch (const std::exception &err) {
    ch.push(std::string("warning: session not archived: ") + err.what()); // BUG: use-after-close
  }
}

void deliverPages(PushChannel &ch, const std::vector<std::vector<Event>> &pages) {
  for (const auto &page : pages) {
    for (const Event &e : page)
      ch.push(render(e)); // BUG: use-after-close
    ch.close();
  }
}

void streamLive(PushChannel &ch, const std::vector<Event> &events) {
  try {
    for (const Event &e : events)
      ch.push(render(e));
    archive(events);
    ch.close();
  } catch (...) {
    if (ch.good())
      ch.push("stream interrupted"); // OK: good() is false once closed
    ch.close();
    throw;
  }
}

int main() {
  std::vector<Event> normal = {{"cpu", 0.4}, {"mem", 0.7}};
  std::vector<Event> broken = {{"cpu", 0.4}, {"", 1.0}};
  std::vector<Event> big = {{"cpu", 0.1}, {"cpu", 0.2}, {"cpu", 0.3}, {"cpu", 0.4}};

  PushChannel a("dash-a"), b("dash-b"), c("dash-c"), d("dash-d"), paged("dash-e");
  deliverSession(a, normal);
  deliverSession(b, broken);
  try {
    archiveAndClose(c, big);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "archive: %s\n", e.what());
  }
  try {
    deliverPages(paged, {normal, normal});
  } catch (const std::exception &err) {
    std::fprintf(stderr, "paged delivery: %s\n", err.what());
  }
  try {
    streamLive(d, big);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "live stream: %s\n", e.what());
  }
  return 0;
}
