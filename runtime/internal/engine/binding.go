package engine

// binding is what the state of a request is sealed for: the method, the
// target, the arguments and the principal. It is the one place where the
// claims are built, for sealing and for opening alike; the codec adds the
// audience and the expiry.
func (e *Engine) binding(x *Exchange) Binding {
	return Binding{Method: e.method.String(), Target: x.Target, Arguments: x.Arguments, Principal: e.principalOf(x)}
}

// principalOf names the user whose state this request may open. A request
// that is authenticated but names no user is served, since the server chose
// its verifier; the operator learns once per tool, prompt or resource name
// that its state is not bound to a user, also when every request builds
// its own server.
func (e *Engine) principalOf(x *Exchange) string {
	if x.Principal == "" && x.Authenticated {
		if _, logged := e.cfg.unbound.LoadOrStore(e.method.String()+" "+e.name, true); !logged {
			e.cfg.logger.Warn("resolve: requestState is not bound to a user: the request carries a verified identity but names no principal, "+
				"so any user who holds a token can continue another user's call; name the user in the token verifier, or set Options.Principal",
				e.method.Noun(), e.name)
		}
	}
	return x.Principal
}
