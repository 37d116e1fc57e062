// shell/python/attr_site.h — the fast ways to a tsh object's attribute at one place in the source.
//
// `self.total += x`, `s = o.w` and `o.step(i)` ask the same questions each time they run: does
// the object's class have an attribute of that name (a method, a property), does it define
// __setattr__, where in the object's __dict__ is the name. An attribute site (the Attribute node,
// grammar's Expr::attr_memo) keeps the answers for the class it last saw, as CPython 3.11's
// specialized LOAD_ATTR keeps them in its inline cache, and each answer is checked before use:
//   - the class's facts hold while the site's class serial and class epoch are current (every
//     change to any class moves the epoch: classes_changed());
//   - the name's place in the __dict__ is a guess that one comparison confirms;
//   - "this __dict__ does not have the name" holds while the dict's version is the one seen
//     (versions are never reused: shell/python/dict.h).
// A miss of any check takes the general way, which stays the reference for every rule.
#pragma once

#include "grammar/ast.h"
#include "shell/python/value.h"

namespace tsh::shell {

// obj.name when obj is a tsh instance whose class has no attribute of that name (so the
// instance's __dict__ decides a read) and, for a write, no __setattr__: where the __dict__ keeps
// it. Null when the general way must decide, or when the __dict__ has no such key.
Value* site_instance_attr(const Value& obj, const grammar::Expr& site, bool for_write);
// obj.name(...) when obj is a tsh instance, the class's `name` is a def and obj's __dict__ does
// not shadow it: the def, to be called with obj first (no bound method made). Null otherwise.
const Value* site_method(const Value& obj, const grammar::Expr& site);

}  // namespace tsh::shell
