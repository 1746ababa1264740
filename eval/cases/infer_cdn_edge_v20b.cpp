// CDN edge node: an OriginLink fetches objects from the origin server for an
// EdgeNode that caches them. OriginLink::fetch() throws once the link is
// closed. EdgeNode::pause() closes the link for a config push; resume()
// returns early (leaving the link closed) once the node has been shut down,
// and otherwise reopens the link. shutdown() closes the link for good.
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class OriginLink {
public:
  explicit OriginLink(std::string origin) : origin_(std::move(origin)) {}
  std::string fetch(const std::string &path);
  void close() { open_ = false; }
  void reopen() { open_ = true; }
  bool isOpen() const { return open_; }

private:
  std::string origin_;
  bool open_ = true;
};

std::string OriginLink::fetch(const std::string &path) {
  if (!open_)
    throw std::runtime_error("origin link closed: " + origin_ + path);
  return "<body of " + origin_ + path + ">";
}

class EdgeNode {
public:
  explicit EdgeNode(const std::string &origin) : link_(origin) {}
  ~EdgeNode() { shutdown(); }
  std::string serve(const std::string &path);
  void pause();
  void resume();
  void shutdown();
  OriginLink &link() { return link_; }

private:
  OriginLink link_;
  std::map<std::string, std::string> cache_;
  bool shutDown_ = false;
};

std::string EdgeNode::serve(const std::string &path) {
  auto hit = cache_.find(path);
  if (hit != cache_.end())
    return hit->second;
  std::string body = link_.fetch(path); // SAME: serve
  cache_.emplace(path, body);
  return body;
}

void EdgeNode::pause() {
  if (link_.isOpen())
    link_.close();
}

void EdgeNode::resume() {
  if (shutDown_)
    return;
  link_.reopen();
}

void EdgeNode::shutdown() {
  if (shutDown_)
    return;
  if (link_.isOpen())
    link_.close();
  cache_.clear();
  shutDown_ = true;
}

// A config push pauses the node briefly; new objects are fetched afterwards.
static void configPush(EdgeNode &node) {
  node.serve("/index.html");
  node.pause();
  node.serve("/index.html"); // OK: cache hit, the origin link is not touched
  node.resume();
  node.serve("/app.js"); // OK: resume() reopened the link
}

// Drain for decommission, then the orchestrator's restart hook runs resume().
static void decommission(EdgeNode &node) {
  node.serve("/index.html");
  node.shutdown();
  node.resume();
  node.serve("/app.js"); // BUG: use-after-close #serve
}

// Cache warming during a pause: the health probe is guarded, the warm-up is not.
static void warmDuringPause(EdgeNode &node) {
  node.pause();
  if (node.link().isOpen())
    node.link().fetch("/health"); // OK: guarded by isOpen()
  node.link().fetch("/img/logo.png"); // BUG: use-after-close
  node.resume();
}

static void healthCheck(EdgeNode &node) {
  node.pause();
  node.resume();
  std::cout << node.link().fetch("/health") << "\n"; // OK: link reopened by resume()
  node.shutdown();
  node.shutdown(); // OK: shutdown() returns early the second time
}

int main() {
  void (*scenarios[])(EdgeNode &) = {configPush, decommission, warmDuringPause,
                                     healthCheck};
  for (auto scenario : scenarios) {
    EdgeNode node("https://origin.example.net");
    try {
      scenario(node);
    } catch (const std::exception &e) {
      std::cerr << "edge: " << e.what() << "\n";
    }
  }
  return 0;
}
