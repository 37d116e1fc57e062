// shell/python/attr_site.cpp — attribute sites: the class facts and __dict__ places an obj.name
// in the source remembers (why and when they hold: attr_site.h).
#include "shell/python/attr_site.h"

#include "shell/python/classes.h"
#include "shell/python/dict.h"

namespace tsh::shell {

using Memo = grammar::Expr::AttrMemo;
using namespace attr_site;

void attr_site::refresh(Memo& m, const UserInstance& u, const grammar::Expr& site) {
  m.found = class_lookup(u.type, site.text);
  m.flags = static_cast<uint8_t>((m.flags & kHashed) | (user_method(u.type, "__setattr__") ? kSetattr : 0) |
                                 (site.text.starts_with("__") ? kDunder : 0));
  m.owner_serial = u.klass().serial;
  m.owner_epoch = g_classes_epoch;
  m.table_version = UINT64_MAX;  // a version no dict has
  if (!(m.flags & kHashed)) {
    m.text_hash = DictObj::str_hash(site.text);
    m.flags |= kHashed;
  }
}

bool attr_site::shadowed(DictObj& d, Memo& m, const grammar::Expr& site) {
  if (d.find_str(site.text, m.text_hash, m.position, &m.key)) return true;
  m.table_version = d.version;
  return false;
}

bool site_instance_store(const Value& obj, const grammar::Expr& site, const Value& v) {
  UserInstance* u = as_user(obj);
  if (!u) return false;
  grammar::Expr::AttrMemo& m = attr_site::memo_for(*u, site);
  if (m.found || (m.flags & (attr_site::kSetattr | attr_site::kDunder))) return false;
  DictObj& d = dict_of(u->dict);
  if (Value* slot = d.find_str(site.text, m.text_hash, m.position, &m.key))
    *slot = v;
  else
    d.set(interned_str(site.text), v);  // `self.x = x` in __init__: the instance's first x
  return true;
}

}  // namespace tsh::shell
