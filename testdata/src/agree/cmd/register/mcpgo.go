package main

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/agree/cases/mcpgo_answer_any"
	"example.com/agree/cases/mcpgo_answer_gosdk_sampling"
	"example.com/agree/cases/mcpgo_ask_stable_input"
	"example.com/agree/cases/mcpgo_ask_unstable_time"
	"example.com/agree/cases/mcpgo_budget_custom"
	"example.com/agree/cases/mcpgo_cycle"
	"example.com/agree/cases/mcpgo_duplicate_provider"
	"example.com/agree/cases/mcpgo_good_order"
	"example.com/agree/cases/mcpgo_good_output_raw"
	"example.com/agree/cases/mcpgo_good_own_result"
	"example.com/agree/cases/mcpgo_good_questions"
	"example.com/agree/cases/mcpgo_good_schema_set"
	"example.com/agree/cases/mcpgo_gosdk_outcome"
	"example.com/agree/cases/mcpgo_handler_gosdk_request"
	"example.com/agree/cases/mcpgo_handler_nil"
	"example.com/agree/cases/mcpgo_handler_pointer_request"
	"example.com/agree/cases/mcpgo_input_key_duplicate"
	"example.com/agree/cases/mcpgo_input_schema_chan"
	"example.com/agree/cases/mcpgo_missing_provider"
	"example.com/agree/cases/mcpgo_mix_defined"
	"example.com/agree/cases/mcpgo_mix_embed"
	"example.com/agree/cases/mcpgo_mix_must"
	"example.com/agree/cases/mcpgo_mix_pointer"
	"example.com/agree/cases/mcpgo_must_prompt"
	"example.com/agree/cases/mcpgo_must_resource_template"
	"example.com/agree/cases/mcpgo_output_schema_chan"
	"example.com/agree/cases/mcpgo_parameter_request_after_input"
	"example.com/agree/cases/mcpgo_prompt_good"
	"example.com/agree/cases/mcpgo_prompt_gosdk_result"
	"example.com/agree/cases/mcpgo_reserved_request"
	"example.com/agree/cases/mcpgo_resolver_signature"
	"example.com/agree/cases/mcpgo_resource_result_type"
	"example.com/agree/cases/mcpgo_resource_template_cycle"
	"example.com/agree/cases/mcpgo_unused"
)

// mcpgoCases maps each case of the mcp-go binding, the name of its package
// under cases/, to its registration on an mcp-go server. The agreement test
// fails if a package under cases/ is missing here or in cases.
var mcpgoCases = map[string]func(*server.MCPServer) error{
	"mcpgo_answer_any":                    mcpgo_answer_any.Register,
	"mcpgo_answer_gosdk_sampling":         mcpgo_answer_gosdk_sampling.Register,
	"mcpgo_budget_custom":                 mcpgo_budget_custom.Register,
	"mcpgo_cycle":                         mcpgo_cycle.Register,
	"mcpgo_good_order":                    mcpgo_good_order.Register,
	"mcpgo_good_output_raw":               mcpgo_good_output_raw.Register,
	"mcpgo_good_own_result":               mcpgo_good_own_result.Register,
	"mcpgo_good_questions":                mcpgo_good_questions.Register,
	"mcpgo_good_schema_set":               mcpgo_good_schema_set.Register,
	"mcpgo_gosdk_outcome":                 mcpgo_gosdk_outcome.Register,
	"mcpgo_handler_gosdk_request":         mcpgo_handler_gosdk_request.Register,
	"mcpgo_handler_nil":                   mcpgo_handler_nil.Register,
	"mcpgo_handler_pointer_request":       mcpgo_handler_pointer_request.Register,
	"mcpgo_input_schema_chan":             mcpgo_input_schema_chan.Register,
	"mcpgo_missing_provider":              mcpgo_missing_provider.Register,
	"mcpgo_mix_defined":                   mcpgo_mix_defined.Register,
	"mcpgo_mix_embed":                     mcpgo_mix_embed.Register,
	"mcpgo_mix_must":                      mcpgo_mix_must.Register,
	"mcpgo_mix_pointer":                   mcpgo_mix_pointer.Register,
	"mcpgo_output_schema_chan":            mcpgo_output_schema_chan.Register,
	"mcpgo_prompt_good":                   mcpgo_prompt_good.Register,
	"mcpgo_prompt_gosdk_result":           mcpgo_prompt_gosdk_result.Register,
	"mcpgo_reserved_request":              mcpgo_reserved_request.Register,
	"mcpgo_resource_result_type":          mcpgo_resource_result_type.Register,
	"mcpgo_resource_template_cycle":       mcpgo_resource_template_cycle.Register,
	"mcpgo_unused":                        mcpgo_unused.Register,
	"mcpgo_input_key_duplicate":           mcpgo_input_key_duplicate.Register,
	"mcpgo_duplicate_provider":            mcpgo_duplicate_provider.Register,
	"mcpgo_resolver_signature":            mcpgo_resolver_signature.Register,
	"mcpgo_parameter_request_after_input": mcpgo_parameter_request_after_input.Register,
	"mcpgo_ask_unstable_time":             mcpgo_ask_unstable_time.Register,
	"mcpgo_ask_stable_input":              mcpgo_ask_stable_input.Register,
	"mcpgo_must_prompt":                   mcpgo_must_prompt.Register,
	"mcpgo_must_resource_template":        mcpgo_must_resource_template.Register,
}
