// Price ticker that streams quotes to a browser dashboard over WebSockets.
// The quote stream is a unique_ptr<WsClient> that reconnect() replaces with a
// make_unique'd client; the control channel is a WsClient held by value and
// renewed by swapping a fresh object in. WsClient::sendText() throws once the
// socket is closed and close() throws when it is already closed.
//
// Bug: onServerGoingAway() closes the stream and reconnects only for close
// code 1012 (service restart); for any other code the closed client stays in
// Stream, and the next publishQuote() sends on it and throws.
// Bug: the destructor closes Control unconditionally; after shutdown(), which
// already closed it, the destructor's close() throws, and an exception
// leaving a destructor terminates the program.
// Correct: reconnect() sends on the client it has just created; renewControl()
// swaps the fresh client into Control and closes the old one, which is now in
// Fresh.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class WsClient {
public:
  explicit WsClient(std::string Url) : Url(std::move(Url)) {
    std::cout << "connect " << this->Url << "\n";
  }
  void sendText(const std::string &Text) {
    if (Closed)
      throw std::runtime_error("websocket " + Url + " closed");
    std::cout << Url << " <- " << Text << "\n";
  }
  void close(int Code) {
    if (Closed)
      throw std::runtime_error("websocket " + Url + " already closed");
    std::cout << Url << " close " << Code << "\n";
    Closed = true;
  }
  bool closed() const { return Closed; }

private:
  std::string Url;
  bool Closed = false;
};

struct Quote {
  std::string Symbol;
  double Last;
};

class PriceTicker {
public:
  PriceTicker(std::string StreamUrl, std::string ControlUrl)
      : StreamUrl(std::move(StreamUrl)), ControlUrl(std::move(ControlUrl)),
        Stream(std::make_unique<WsClient>(this->StreamUrl)), Control(this->ControlUrl) {}
  ~PriceTicker() { Control.close(1001); } // SAME: tickerdtor

  void publishQuote(const Quote &Q) {
    Stream->sendText("{\"s\":\"" + Q.Symbol + "\",\"p\":" + std::to_string(Q.Last) + "}"); // SAME: away
  }

  void onServerGoingAway(int Code) {
    Stream->close(1000);
    if (Code == 1012)
      Stream = std::make_unique<WsClient>(StreamUrl);
  }

  void reconnect() {
    if (!Stream->closed())
      Stream->close(1001);
    Stream = std::make_unique<WsClient>(StreamUrl);
    Stream->sendText("{\"subscribe\":\"quotes\"}"); // OK: the new client
  }

  void renewControl() {
    WsClient Fresh(ControlUrl);
    std::swap(Control, Fresh);
    Fresh.close(1000); // OK: Fresh holds the old control client, closed once
    Control.sendText("{\"hello\":\"ticker\"}"); // OK: the fresh client swapped in
  }

  void shutdown() {
    if (!Stream->closed())
      Stream->close(1001);
    Control.sendText("{\"bye\":\"ticker\"}");
    Control.close(1000);
  }

private:
  std::string StreamUrl;
  std::string ControlUrl;
  std::unique_ptr<WsClient> Stream;
  WsClient Control;
};

int main(int argc, char **argv) {
  PriceTicker Ticker("wss://dash.example/quotes", "wss://dash.example/control");
  Ticker.publishQuote({"EURUSD", 1.0842});
  Ticker.renewControl();

  int Code = argc > 1 ? std::stoi(argv[1]) : 1012;
  Ticker.onServerGoingAway(Code);
  Ticker.publishQuote({"EURUSD", 1.0845}); // BUG: use-after-close #away
  Ticker.reconnect();
  Ticker.publishQuote({"GBPUSD", 1.2710});
  Ticker.shutdown();
  return 0;
} // BUG: double-close #tickerdtor
