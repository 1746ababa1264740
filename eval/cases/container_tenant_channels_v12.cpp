// Multi-tenant event gateway that keeps one EventChannel per tenant in a
// vector and one kafka::KafkaProducer per region in a map. Bugs: evict()
// closes a tenant's channel through a reference to the element and the
// caller then sends the goodbye through the same element (main() does the same
// through a reference obtained before evict()); closeAll() closes
// every channel in a loop and broadcast() runs right after it; a region's
// producer is closed by key and then flushed through the reference taken
// before the close; drain() closes every producer in a loop and then sends
// the "drained" marker through one of them.
#include "messaging.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

struct Tenant {
  std::string Name;
  EventChannel Channel;
  int Quota = 0;
};

class Gateway {
public:
  void addTenant(const std::string &Name, int Quota) { Tenants.push_back({Name, EventChannel(), Quota}); }
  void addRegion(const std::string &Region) {
    Producers[Region] = kafka::createProducer("kafka." + Region + ":9092");
  }

  EventChannel &channel(std::size_t Idx) { return Tenants[Idx].Channel; }
  void evict(std::size_t Idx) {
    Tenant &T = Tenants[Idx];
    T.Channel.send("quota exceeded");
    T.Channel.close();
  }
  void broadcast(const std::string &Event) {
    for (Tenant &T : Tenants)
      T.Channel.send(Event); // SAME: bcast
  }
  void closeAll() {
    for (Tenant &T : Tenants)
      if (T.Channel.isOpen())
        T.Channel.close(); // OK: channels closed by evict() are skipped
  }
  void enforceQuotas(const std::vector<int> &Usage) {
    for (std::size_t I = 0; I < Tenants.size() && I < Usage.size(); ++I) {
      if (Usage[I] > Tenants[I].Quota) {
        evict(I);
        Tenants[I].Channel.send("evicted"); // BUG: use-after-close
      } else {
        Tenants[I].Channel.send("usage ok"); // OK: this element was not evicted
      }
    }
  }
  void retireRegion(const std::string &Region) {
    kafka::KafkaProducer &P = *Producers.at(Region);
    P.send({"regions", Region + " retiring"});
    Producers.at(Region)->close();
    P.flush(); // BUG: use-after-close
  }
  void drain(const std::string &Region) {
    for (auto &Entry : Producers) {
      if (Entry.second->isClosed())
        continue;
      Entry.second->flush(); // OK: regions retired earlier are skipped
      Entry.second->close();
    }
    Producers.at(Region)->send({"regions", Region + " drained"}); // BUG: use-after-close
  }

private:
  std::vector<Tenant> Tenants;
  std::map<std::string, std::unique_ptr<kafka::KafkaProducer>> Producers;
};

int main() {
  Gateway G;
  G.addTenant("acme", 100);
  G.addTenant("globex", 10);
  G.addRegion("eu");
  G.addRegion("us");
  G.broadcast("maintenance at 02:00");
  G.enforceQuotas({20, 50});
  EventChannel &Acme = G.channel(0);
  G.evict(0);
  Acme.send("appeal received"); // BUG: use-after-close
  G.retireRegion("us");
  G.drain("eu");
  G.closeAll();
  G.broadcast("gateway stopped"); // BUG: use-after-close #bcast
  return 0;
}
